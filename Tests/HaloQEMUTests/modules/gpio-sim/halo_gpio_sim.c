// SPDX-License-Identifier: GPL-2.0-only
/*
 * A simulated GPIO chip for Halo's tests under QEMU: Debian's kernel has the GPIO character
 * device but no chip a test could drive (no gpio-sim, no gpio-mockup). This registers one chip,
 * label halo-gpio-sim, with 16 lines named GPIO0 to GPIO15 as a Raspberry Pi's kernel names its
 * header pins, and records what userspace does with them. Read back in sysfs, under the
 * platform device halo-gpio-sim:
 *
 *   values          the 16 output levels as a hexadecimal bitmask (bit N is line N)
 *   set_calls       single-line value changes the chip was asked for
 *   multiple_calls  several-lines-at-once changes (one a bulk set)
 *   outputs         the lines set as outputs, as a bitmask
 *   level           write "N 0" or "N 1" to set input line N as a button would, which raises
 *                   the line's interrupt on a change: userspace sees an edge event, through
 *                   the kernel's own debounce when it asked for one
 *
 * The lines' interrupts come from a simple irqchip of its own, fired from that write.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/gpio/driver.h>
#include <linux/bitops.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>

#define SIM_LINES 16

static struct platform_device *sim_pdev;
static struct gpio_chip sim_chip;
static unsigned long sim_values;
static unsigned long sim_outputs;
static atomic_t sim_set_calls = ATOMIC_INIT(0);
static atomic_t sim_multiple_calls = ATOMIC_INIT(0);
static DEFINE_SPINLOCK(sim_lock);

static const char *const sim_names[SIM_LINES] = {
	"GPIO0", "GPIO1", "GPIO2", "GPIO3", "GPIO4", "GPIO5", "GPIO6", "GPIO7",
	"GPIO8", "GPIO9", "GPIO10", "GPIO11", "GPIO12", "GPIO13", "GPIO14", "GPIO15",
};

static int sim_get_direction(struct gpio_chip *gc, unsigned int offset)
{
	return test_bit(offset, &sim_outputs) ? GPIO_LINE_DIRECTION_OUT : GPIO_LINE_DIRECTION_IN;
}

static int sim_direction_input(struct gpio_chip *gc, unsigned int offset)
{
	clear_bit(offset, &sim_outputs);
	return 0;
}

static int sim_direction_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	unsigned long flags;

	spin_lock_irqsave(&sim_lock, flags);
	__assign_bit(offset, &sim_values, value);
	set_bit(offset, &sim_outputs);
	spin_unlock_irqrestore(&sim_lock, flags);
	return 0;
}

static int sim_get(struct gpio_chip *gc, unsigned int offset)
{
	return test_bit(offset, &sim_values);
}

static void sim_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	unsigned long flags;

	spin_lock_irqsave(&sim_lock, flags);
	__assign_bit(offset, &sim_values, value);
	spin_unlock_irqrestore(&sim_lock, flags);
	atomic_inc(&sim_set_calls);
}

static void sim_set_multiple(struct gpio_chip *gc, unsigned long *mask, unsigned long *bits)
{
	unsigned long flags;

	spin_lock_irqsave(&sim_lock, flags);
	sim_values = (sim_values & ~*mask) | (*bits & *mask);
	spin_unlock_irqrestore(&sim_lock, flags);
	atomic_inc(&sim_multiple_calls);
}

static void sim_irq_mask(struct irq_data *d)
{
	gpiochip_disable_irq(&sim_chip, irqd_to_hwirq(d));
}

static void sim_irq_unmask(struct irq_data *d)
{
	gpiochip_enable_irq(&sim_chip, irqd_to_hwirq(d));
}

static int sim_irq_set_type(struct irq_data *d, unsigned int type)
{
	return 0;
}

static const struct irq_chip sim_irq_chip = {
	.name = "halo-gpio-sim",
	.irq_mask = sim_irq_mask,
	.irq_unmask = sim_irq_unmask,
	.irq_set_type = sim_irq_set_type,
	.flags = IRQCHIP_IMMUTABLE,
	GPIOCHIP_IRQ_RESOURCE_HELPERS,
};

/* "N L": input line N goes to level L; a change raises the line's interrupt. */
static ssize_t level_store(struct device *dev, struct device_attribute *attr, const char *buf, size_t count)
{
	unsigned int line, level, irq;
	unsigned long flags;
	bool changed;

	if (sscanf(buf, "%u %u", &line, &level) != 2 || line >= SIM_LINES || level > 1)
		return -EINVAL;
	spin_lock_irqsave(&sim_lock, flags);
	changed = test_bit(line, &sim_values) != level;
	__assign_bit(line, &sim_values, level);
	spin_unlock_irqrestore(&sim_lock, flags);
	irq = irq_find_mapping(sim_chip.irq.domain, line);
	if (changed && irq)
		generic_handle_irq_safe(irq);
	return count;
}
static DEVICE_ATTR_WO(level);

static ssize_t values_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%04lx\n", READ_ONCE(sim_values) & GENMASK(SIM_LINES - 1, 0));
}
static DEVICE_ATTR_RO(values);

static ssize_t outputs_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%04lx\n", READ_ONCE(sim_outputs) & GENMASK(SIM_LINES - 1, 0));
}
static DEVICE_ATTR_RO(outputs);

static ssize_t set_calls_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&sim_set_calls));
}
static DEVICE_ATTR_RO(set_calls);

static ssize_t multiple_calls_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&sim_multiple_calls));
}
static DEVICE_ATTR_RO(multiple_calls);

static struct attribute *sim_attrs[] = {
	&dev_attr_values.attr,
	&dev_attr_outputs.attr,
	&dev_attr_set_calls.attr,
	&dev_attr_multiple_calls.attr,
	&dev_attr_level.attr,
	NULL,
};

static const struct attribute_group sim_group = {
	.attrs = sim_attrs,
};

static int __init sim_init(void)
{
	struct gpio_irq_chip *girq;
	int ret;

	sim_pdev = platform_device_register_simple("halo-gpio-sim", -1, NULL, 0);
	if (IS_ERR(sim_pdev))
		return PTR_ERR(sim_pdev);
	ret = sysfs_create_group(&sim_pdev->dev.kobj, &sim_group);
	if (ret)
		goto unregister_pdev;
	sim_chip.label = "halo-gpio-sim";
	sim_chip.parent = &sim_pdev->dev;
	sim_chip.owner = THIS_MODULE;
	sim_chip.base = -1;
	sim_chip.ngpio = SIM_LINES;
	sim_chip.names = sim_names;
	sim_chip.can_sleep = false;
	sim_chip.get_direction = sim_get_direction;
	sim_chip.direction_input = sim_direction_input;
	sim_chip.direction_output = sim_direction_output;
	sim_chip.get = sim_get;
	sim_chip.set = sim_set;
	sim_chip.set_multiple = sim_set_multiple;
	girq = &sim_chip.irq;
	gpio_irq_chip_set_chip(girq, &sim_irq_chip);
	girq->handler = handle_simple_irq;
	girq->default_type = IRQ_TYPE_NONE;
	ret = gpiochip_add_data(&sim_chip, NULL);
	if (ret)
		goto remove_group;
	pr_info("halo-gpio-sim: %d lines GPIO0..GPIO%d\n", SIM_LINES, SIM_LINES - 1);
	return 0;

remove_group:
	sysfs_remove_group(&sim_pdev->dev.kobj, &sim_group);
unregister_pdev:
	platform_device_unregister(sim_pdev);
	return ret;
}

static void __exit sim_exit(void)
{
	gpiochip_remove(&sim_chip);
	sysfs_remove_group(&sim_pdev->dev.kobj, &sim_group);
	platform_device_unregister(sim_pdev);
}

module_init(sim_init);
module_exit(sim_exit);
MODULE_DESCRIPTION("Simulated GPIO chip that records its lines, for Halo's tests");
MODULE_LICENSE("GPL");
