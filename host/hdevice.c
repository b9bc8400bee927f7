/*
** hdevice.c: what the host reader takes a device query to return
** (hostsite.h): the fields of struct cudaDeviceProp and the
** cudaDeviceGetAttribute attributes, with the values `simulee-c run`'s
** runtime gives for the same device: both read simrt_proto.h's table
** (SIMRT_DEVICE_PROPS).  Fields and attributes that runtime leaves 0 are
** not listed: the reader keeps them unknowns.
*/
#include <stdint.h>
#include <string.h>

#include "host/hostsite.h"

/* One row of the table: a field's name, its attribute number, its value
** on the device. */
struct prop {
	const char *name;
	int attr;
	int64_t value;
};

/* The row of D whose field is NAME (ATTR 0) or whose attribute is ATTR
** (NAME NULL), or -1. */
static int prop_of(const struct simrt_device *d, const char *name, int attr, int64_t *value)
{
#define HDEVICE_ROW(field, a, v) { #field, a, (int64_t)(v) },
	const struct prop rows[] = {
		SIMRT_DEVICE_PROPS(HDEVICE_ROW)
		SIMRT_DEVICE_PROPS_PRE13(HDEVICE_ROW)
	};
#undef HDEVICE_ROW
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (name ? strcmp(name, rows[i].name) == 0 : rows[i].attr != 0 && rows[i].attr == attr) {
			*value = rows[i].value;
			return 0;
		}
	return -1;
}

int hdevice_prop(const struct simrt_device *d, const char *field, int64_t *value)
{
	return d && field ? prop_of(d, field, 0, value) : -1;
}

int hdevice_attr(const struct simrt_device *d, int attr, int64_t *value)
{
	return d ? prop_of(d, NULL, attr, value) : -1;
}
