// SPDX-License-Identifier: GPL-2.0
/*
 * Simulated LED-class LEDs for Halo's tests under QEMU: Debian's kernel has the LED class but
 * no LED a test could drive without hardware. This registers twelve LEDs, halo-sim:ring:0 to
 * halo-sim:ring:11 (LED 0 with max_brightness 100, the others 255), and records what each is
 * set to. What they saw is read back in sysfs, under the platform device halo-led-sim:
 *
 *   values   the twelve brightness values last set, space-separated
 *   writes   brightness changes the kernel passed on, all LEDs together
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/leds.h>
#include <linux/slab.h>

#define SIM_LEDS 12

struct sim_led {
	struct led_classdev cdev;
	char name[32];
	int index;
};

static struct platform_device *sim_pdev;
static struct sim_led *sim_leds;
static int sim_values[SIM_LEDS];
static atomic_t sim_writes = ATOMIC_INIT(0);

static void sim_set(struct led_classdev *cdev, enum led_brightness value)
{
	struct sim_led *led = container_of(cdev, struct sim_led, cdev);

	WRITE_ONCE(sim_values[led->index], value);
	atomic_inc(&sim_writes);
}

static ssize_t values_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	int i, n = 0;

	for (i = 0; i < SIM_LEDS; i++)
		n += sysfs_emit_at(buf, n, i ? " %d" : "%d", READ_ONCE(sim_values[i]));
	n += sysfs_emit_at(buf, n, "\n");
	return n;
}
static DEVICE_ATTR_RO(values);

static ssize_t writes_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&sim_writes));
}
static DEVICE_ATTR_RO(writes);

static struct attribute *sim_attrs[] = {
	&dev_attr_values.attr,
	&dev_attr_writes.attr,
	NULL,
};

static const struct attribute_group sim_group = {
	.attrs = sim_attrs,
};

static int __init sim_init(void)
{
	int i, ret;

	sim_pdev = platform_device_register_simple("halo-led-sim", -1, NULL, 0);
	if (IS_ERR(sim_pdev))
		return PTR_ERR(sim_pdev);
	ret = sysfs_create_group(&sim_pdev->dev.kobj, &sim_group);
	if (ret)
		goto unregister_pdev;
	sim_leds = kcalloc(SIM_LEDS, sizeof(*sim_leds), GFP_KERNEL);
	if (!sim_leds) {
		ret = -ENOMEM;
		goto remove_group;
	}
	for (i = 0; i < SIM_LEDS; i++) {
		struct sim_led *led = &sim_leds[i];

		snprintf(led->name, sizeof(led->name), "halo-sim:ring:%d", i);
		led->index = i;
		led->cdev.name = led->name;
		led->cdev.max_brightness = i == 0 ? 100 : 255;
		led->cdev.brightness_set = sim_set;
		ret = led_classdev_register(&sim_pdev->dev, &led->cdev);
		if (ret) {
			while (--i >= 0)
				led_classdev_unregister(&sim_leds[i].cdev);
			goto free_leds;
		}
	}
	pr_info("halo-led-sim: %d LEDs halo-sim:ring:N\n", SIM_LEDS);
	return 0;

free_leds:
	kfree(sim_leds);
remove_group:
	sysfs_remove_group(&sim_pdev->dev.kobj, &sim_group);
unregister_pdev:
	platform_device_unregister(sim_pdev);
	return ret;
}

static void __exit sim_exit(void)
{
	int i;

	for (i = 0; i < SIM_LEDS; i++)
		led_classdev_unregister(&sim_leds[i].cdev);
	kfree(sim_leds);
	sysfs_remove_group(&sim_pdev->dev.kobj, &sim_group);
	platform_device_unregister(sim_pdev);
}

module_init(sim_init);
module_exit(sim_exit);
MODULE_DESCRIPTION("Simulated LED-class LEDs that record their brightness, for Halo's tests");
MODULE_LICENSE("GPL");
