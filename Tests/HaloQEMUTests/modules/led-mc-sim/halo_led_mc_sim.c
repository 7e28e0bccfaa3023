// SPDX-License-Identifier: GPL-2.0
/*
 * Simulated multicolor LED-class LEDs for Halo's tests under QEMU: Debian's kernel has the
 * multicolor LED class (led-class-multicolor) but no RGB LED a test could drive without
 * hardware. This registers four RGB LEDs, halo-sim:rgb:0 to halo-sim:rgb:3 (max_brightness
 * 255), and records the red, green and blue the LED class works out for each from its
 * brightness and multi_intensity. What they saw is read back in sysfs, under the platform
 * device halo-led-mc-sim:
 *
 *   values   red green blue of LED 0, then of LED 1, ..., space-separated
 *   writes   colour changes the kernel passed on, all LEDs together
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/led-class-multicolor.h>
#include <linux/slab.h>

#define SIM_LEDS 4

struct sim_led {
	struct led_classdev_mc mc;
	struct mc_subled subleds[3];
	char name[32];
	int index;
};

static struct platform_device *sim_pdev;
static struct sim_led *sim_leds;
static int sim_values[SIM_LEDS][3];
static atomic_t sim_writes = ATOMIC_INIT(0);

static void sim_set(struct led_classdev *cdev, enum led_brightness value)
{
	struct led_classdev_mc *mc = lcdev_to_mccdev(cdev);
	struct sim_led *led = container_of(mc, struct sim_led, mc);
	int i;

	led_mc_calc_color_components(mc, value);
	for (i = 0; i < 3; i++)
		WRITE_ONCE(sim_values[led->index][i], mc->subled_info[i].brightness);
	atomic_inc(&sim_writes);
}

static ssize_t values_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	int i, c, n = 0;

	for (i = 0; i < SIM_LEDS; i++)
		for (c = 0; c < 3; c++)
			n += sysfs_emit_at(buf, n, i || c ? " %d" : "%d", READ_ONCE(sim_values[i][c]));
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

	sim_pdev = platform_device_register_simple("halo-led-mc-sim", -1, NULL, 0);
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

		snprintf(led->name, sizeof(led->name), "halo-sim:rgb:%d", i);
		led->index = i;
		led->subleds[0].color_index = LED_COLOR_ID_RED;
		led->subleds[1].color_index = LED_COLOR_ID_GREEN;
		led->subleds[2].color_index = LED_COLOR_ID_BLUE;
		led->mc.subled_info = led->subleds;
		led->mc.num_colors = 3;
		led->mc.led_cdev.name = led->name;
		led->mc.led_cdev.max_brightness = 255;
		led->mc.led_cdev.brightness_set = sim_set;
		ret = led_classdev_multicolor_register(&sim_pdev->dev, &led->mc);
		if (ret) {
			while (--i >= 0)
				led_classdev_multicolor_unregister(&sim_leds[i].mc);
			goto free_leds;
		}
	}
	pr_info("halo-led-mc-sim: %d RGB LEDs halo-sim:rgb:N\n", SIM_LEDS);
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
		led_classdev_multicolor_unregister(&sim_leds[i].mc);
	kfree(sim_leds);
	sysfs_remove_group(&sim_pdev->dev.kobj, &sim_group);
	platform_device_unregister(sim_pdev);
}

module_init(sim_init);
module_exit(sim_exit);
MODULE_DESCRIPTION("Simulated multicolor LED-class LEDs that record their colours, for Halo's tests");
MODULE_LICENSE("GPL");
