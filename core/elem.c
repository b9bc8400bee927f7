/*
** elem.c: see elem.h.
*/
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/elem.h"
#include "core/mathfn.h"

static const struct {
	const char *name;
	uint8_t size;
	char cls;
} elems[ET__COUNT] = {
	[ET_NONE] = { NULL, 1, 'u' },
#define ELEM_ROW(id, name, bytes, cls) [ET_##id] = { name, bytes, cls },
	SIMULEE_ELEM_TYPES(ELEM_ROW)
#undef ELEM_ROW
};

unsigned elem_size(uint8_t et)
{
	return et < ET__COUNT ? elems[et].size : 1;
}

const char *elem_name(uint8_t et)
{
	return et < ET__COUNT ? elems[et].name : NULL;
}

uint8_t elem_parse(const char *name)
{
	for (uint8_t et = 1; et < ET__COUNT; et++)
		if (strcmp(name, elems[et].name) == 0)
			return et;
	return ET_NONE;
}

int elem_is_float(uint8_t et)
{
	return et != ET_NONE && et < ET__COUNT && elems[et].cls == 'f';
}

int elem_is_signed(uint8_t et)
{
	return et < ET__COUNT && elems[et].cls == 's';
}

void elem_format(uint64_t bits, uint8_t et, char *buf, size_t n)
{
	unsigned sh = 64 - 8 * elem_size(et);
	if (et == ET_F32) {
		float f;
		uint32_t u = (uint32_t)bits;
		memcpy(&f, &u, 4);
		snprintf(buf, n, "%.9g", f);
	} else if (et == ET_F64) {
		double d;
		memcpy(&d, &bits, 8);
		snprintf(buf, n, "%.17g", d);
	} else if (et == ET_F16) {
		snprintf(buf, n, "%.9g", math_f16_to_f32((uint16_t)bits));
	} else if (elem_is_signed(et)) {
		snprintf(buf, n, "%" PRId64, (int64_t)(bits << sh) >> sh);
	} else {
		snprintf(buf, n, "%" PRIu64, bits);
	}
}
