// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated LED-class LEDs for Halo's tests under QEMU: Debian's kernel has the LED class and
 * the multicolor LED class (led-class-multicolor, which must be loaded first) but no LED a test
 * could drive without hardware. This registers
 *
 *   twelve single-colour LEDs, halo-sim:ring:0 to halo-sim:ring:11 (LED 0 with max_brightness
 *   100, the others 255), recording the brightness each is set to, and
 *   four RGB LEDs of the multicolor class, halo-sim:rgb:0 to halo-sim:rgb:3 (max_brightness
 *   255), recording the red, green and blue the class works out from their brightness and
 *   multi_intensity.
 *
 * What they saw is read back in sysfs, under the platform device halo-led-sim:
 *
 *   values       the twelve brightness values last set, space-separated
 *   writes       brightness changes the kernel passed on, all single-colour LEDs together
 *   rgb_values   red green blue of RGB LED 0, then of LED 1, ..., space-separated
 *   rgb_writes   colour changes the kernel passed on, all RGB LEDs together
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/leds.h>
#include <linux/led-class-multicolor.h>
#include <linux/slab.h>

#define SIM_LEDS 12
#define SIM_RGB_LEDS 4

struct sim_led {
	struct led_classdev cdev;
	char name[32];
	int index;
};

struct sim_rgb_led {
	struct led_classdev_mc mc;
	struct mc_subled subleds[3];
	char name[32];
	int index;
};

static struct platform_device *sim_pdev;
static struct sim_led *sim_leds;
static struct sim_rgb_led *sim_rgb_leds;
static int sim_values[SIM_LEDS];
static int sim_rgb_values[SIM_RGB_LEDS][3];
static atomic_t sim_writes = ATOMIC_INIT(0);
static atomic_t sim_rgb_writes = ATOMIC_INIT(0);

static void sim_set(struct led_classdev *cdev, enum led_brightness value)
{
	struct sim_led *led = container_of(cdev, struct sim_led, cdev);

	WRITE_ONCE(sim_values[led->index], value);
	atomic_inc(&sim_writes);
}

static void sim_rgb_set(struct led_classdev *cdev, enum led_brightness value)
{
	struct led_classdev_mc *mc = lcdev_to_mccdev(cdev);
	struct sim_rgb_led *led = container_of(mc, struct sim_rgb_led, mc);
	int i;

	led_mc_calc_color_components(mc, value);
	for (i = 0; i < 3; i++)
		WRITE_ONCE(sim_rgb_values[led->index][i], mc->subled_info[i].brightness);
	atomic_inc(&sim_rgb_writes);
}

/* `count` numbers from `values`, space-separated, and a newline. */
static ssize_t emit_numbers(char *buf, const int *values, int count)
{
	int i, n = 0;

	for (i = 0; i < count; i++)
		n += sysfs_emit_at(buf, n, i ? " %d" : "%d", READ_ONCE(values[i]));
	n += sysfs_emit_at(buf, n, "\n");
	return n;
}

static ssize_t values_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return emit_numbers(buf, sim_values, SIM_LEDS);
}
static DEVICE_ATTR_RO(values);

static ssize_t writes_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&sim_writes));
}
static DEVICE_ATTR_RO(writes);

static ssize_t rgb_values_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return emit_numbers(buf, &sim_rgb_values[0][0], SIM_RGB_LEDS * 3);
}
static DEVICE_ATTR_RO(rgb_values);

static ssize_t rgb_writes_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&sim_rgb_writes));
}
static DEVICE_ATTR_RO(rgb_writes);

static struct attribute *sim_attrs[] = {
	&dev_attr_values.attr,
	&dev_attr_writes.attr,
	&dev_attr_rgb_values.attr,
	&dev_attr_rgb_writes.attr,
	NULL,
};

static const struct attribute_group sim_group = {
	.attrs = sim_attrs,
};

static void sim_unregister(int leds, int rgb_leds)
{
	while (--rgb_leds >= 0)
		led_classdev_multicolor_unregister(&sim_rgb_leds[rgb_leds].mc);
	while (--leds >= 0)
		led_classdev_unregister(&sim_leds[leds].cdev);
}

static int __init sim_init(void)
{
	int i, j, ret;

	sim_pdev = platform_device_register_simple("halo-led-sim", -1, NULL, 0);
	if (IS_ERR(sim_pdev))
		return PTR_ERR(sim_pdev);
	ret = sysfs_create_group(&sim_pdev->dev.kobj, &sim_group);
	if (ret)
		goto unregister_pdev;
	sim_leds = kcalloc(SIM_LEDS, sizeof(*sim_leds), GFP_KERNEL);
	sim_rgb_leds = kcalloc(SIM_RGB_LEDS, sizeof(*sim_rgb_leds), GFP_KERNEL);
	if (!sim_leds || !sim_rgb_leds) {
		ret = -ENOMEM;
		goto free_leds;
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
			sim_unregister(i, 0);
			goto free_leds;
		}
	}
	for (j = 0; j < SIM_RGB_LEDS; j++) {
		struct sim_rgb_led *led = &sim_rgb_leds[j];

		snprintf(led->name, sizeof(led->name), "halo-sim:rgb:%d", j);
		led->index = j;
		led->subleds[0].color_index = LED_COLOR_ID_RED;
		led->subleds[1].color_index = LED_COLOR_ID_GREEN;
		led->subleds[2].color_index = LED_COLOR_ID_BLUE;
		led->mc.subled_info = led->subleds;
		led->mc.num_colors = 3;
		led->mc.led_cdev.name = led->name;
		led->mc.led_cdev.max_brightness = 255;
		led->mc.led_cdev.brightness_set = sim_rgb_set;
		ret = led_classdev_multicolor_register(&sim_pdev->dev, &led->mc);
		if (ret) {
			sim_unregister(SIM_LEDS, j);
			goto free_leds;
		}
	}
	pr_info("halo-led-sim: %d LEDs halo-sim:ring:N, %d RGB LEDs halo-sim:rgb:N\n", SIM_LEDS, SIM_RGB_LEDS);
	return 0;

free_leds:
	kfree(sim_rgb_leds);
	kfree(sim_leds);
	sysfs_remove_group(&sim_pdev->dev.kobj, &sim_group);
unregister_pdev:
	platform_device_unregister(sim_pdev);
	return ret;
}

static void __exit sim_exit(void)
{
	sim_unregister(SIM_LEDS, SIM_RGB_LEDS);
	kfree(sim_rgb_leds);
	kfree(sim_leds);
	sysfs_remove_group(&sim_pdev->dev.kobj, &sim_group);
	platform_device_unregister(sim_pdev);
}

module_init(sim_init);
module_exit(sim_exit);
MODULE_DESCRIPTION("Simulated LED-class LEDs, single-colour and RGB, that record what they are set to, for Halo's tests");
MODULE_LICENSE("GPL");
