// SPDX-License-Identifier: GPL-2.0-only
/*
 * A simulated SPI controller for Halo's tests under QEMU: Debian's kernel has spidev but no SPI
 * controller a test could drive. This one registers a controller with one chip select, binds
 * spidev to it (so /dev/spidevB.0 appears), and records every message it is given instead of
 * clocking it out. What it saw is read back in sysfs, under the platform device halo-spi-sim:
 *
 *   messages        messages received so far
 *   last_transfers  transfers in the last message
 *   last_speed_hz   the clock the last message's first transfer asked for
 *   last_mode       the SPI mode bits of the device when it was sent
 *   last_message    the last message's bytes, all its transfers together (binary, up to 64 KiB)
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/spi/spi.h>
#include <linux/mutex.h>

#define SIM_MAX_BYTES 65536

static struct platform_device *sim_pdev;
static struct spi_controller *sim_ctlr;
static struct spi_device *sim_spi;

static DEFINE_MUTEX(sim_lock);
static u8 *sim_last;
static size_t sim_last_len;
static unsigned long sim_messages;
static unsigned int sim_last_transfers;
static u32 sim_last_speed;
static u32 sim_last_mode;

static int sim_transfer_one_message(struct spi_controller *ctlr, struct spi_message *msg)
{
	struct spi_transfer *t;
	size_t len = 0;
	unsigned int transfers = 0;
	u32 speed = 0;

	mutex_lock(&sim_lock);
	list_for_each_entry(t, &msg->transfers, transfer_list) {
		if (transfers == 0)
			speed = t->speed_hz;
		transfers++;
		if (t->tx_buf && len < SIM_MAX_BYTES) {
			size_t n = min_t(size_t, t->len, SIM_MAX_BYTES - len);
			memcpy(sim_last + len, t->tx_buf, n);
			len += n;
		}
		msg->actual_length += t->len;
	}
	sim_last_len = len;
	sim_last_transfers = transfers;
	sim_last_speed = speed;
	sim_last_mode = msg->spi->mode;
	sim_messages++;
	mutex_unlock(&sim_lock);
	msg->status = 0;
	spi_finalize_current_message(ctlr);
	return 0;
}

static ssize_t messages_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%lu\n", sim_messages);
}
static DEVICE_ATTR_RO(messages);

static ssize_t last_transfers_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", sim_last_transfers);
}
static DEVICE_ATTR_RO(last_transfers);

static ssize_t last_speed_hz_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", sim_last_speed);
}
static DEVICE_ATTR_RO(last_speed_hz);

static ssize_t last_mode_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", sim_last_mode);
}
static DEVICE_ATTR_RO(last_mode);

static ssize_t last_message_read(struct file *file, struct kobject *kobj, struct bin_attribute *attr, char *buf,
				 loff_t off, size_t count)
{
	ssize_t n;

	mutex_lock(&sim_lock);
	if (off >= sim_last_len) {
		n = 0;
	} else {
		n = min_t(size_t, count, sim_last_len - off);
		memcpy(buf, sim_last + off, n);
	}
	mutex_unlock(&sim_lock);
	return n;
}
static BIN_ATTR_RO(last_message, SIM_MAX_BYTES);

static struct attribute *sim_attrs[] = {
	&dev_attr_messages.attr,
	&dev_attr_last_transfers.attr,
	&dev_attr_last_speed_hz.attr,
	&dev_attr_last_mode.attr,
	NULL,
};

static struct bin_attribute *sim_bin_attrs[] = {
	&bin_attr_last_message,
	NULL,
};

static const struct attribute_group sim_group = {
	.attrs = sim_attrs,
	.bin_attrs = sim_bin_attrs,
};

static int __init sim_init(void)
{
	int ret;

	sim_last = kzalloc(SIM_MAX_BYTES, GFP_KERNEL);
	if (!sim_last)
		return -ENOMEM;
	sim_pdev = platform_device_register_simple("halo-spi-sim", -1, NULL, 0);
	if (IS_ERR(sim_pdev)) {
		ret = PTR_ERR(sim_pdev);
		goto free_buffer;
	}
	ret = sysfs_create_group(&sim_pdev->dev.kobj, &sim_group);
	if (ret)
		goto unregister_pdev;
	sim_ctlr = spi_alloc_master(&sim_pdev->dev, 0);
	if (!sim_ctlr) {
		ret = -ENOMEM;
		goto remove_group;
	}
	/* Bus 0, so that the node is /dev/spidev0.0 as on a Raspberry Pi. */
	sim_ctlr->bus_num = 0;
	sim_ctlr->num_chipselect = 1;
	sim_ctlr->mode_bits = SPI_CPOL | SPI_CPHA | SPI_CS_HIGH | SPI_LSB_FIRST;
	sim_ctlr->bits_per_word_mask = SPI_BPW_MASK(8);
	sim_ctlr->min_speed_hz = 1000;
	sim_ctlr->max_speed_hz = 50000000;
	sim_ctlr->transfer_one_message = sim_transfer_one_message;
	ret = spi_register_controller(sim_ctlr);
	if (ret) {
		spi_controller_put(sim_ctlr);
		goto remove_group;
	}
	sim_spi = spi_alloc_device(sim_ctlr);
	if (!sim_spi) {
		ret = -ENOMEM;
		goto unregister_ctlr;
	}
	sim_spi->chip_select = 0;
	sim_spi->max_speed_hz = 50000000;
	sim_spi->mode = SPI_MODE_0;
	strscpy(sim_spi->modalias, "halo-spi-sim", sizeof(sim_spi->modalias));
	sim_spi->driver_override = kstrdup("spidev", GFP_KERNEL);
	ret = spi_add_device(sim_spi);
	if (ret) {
		spi_dev_put(sim_spi);
		goto unregister_ctlr;
	}
	pr_info("halo-spi-sim: SPI bus %d, spidev on chip select 0\n", sim_ctlr->bus_num);
	return 0;

unregister_ctlr:
	spi_unregister_controller(sim_ctlr);
remove_group:
	sysfs_remove_group(&sim_pdev->dev.kobj, &sim_group);
unregister_pdev:
	platform_device_unregister(sim_pdev);
free_buffer:
	kfree(sim_last);
	return ret;
}

static void __exit sim_exit(void)
{
	spi_unregister_device(sim_spi);
	spi_unregister_controller(sim_ctlr);
	sysfs_remove_group(&sim_pdev->dev.kobj, &sim_group);
	platform_device_unregister(sim_pdev);
	kfree(sim_last);
}

module_init(sim_init);
module_exit(sim_exit);
MODULE_DESCRIPTION("Simulated SPI controller that records messages, for Halo's tests");
MODULE_LICENSE("GPL");
