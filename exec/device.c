/*
** device.c: the GPUs a run can say it has (--device; docs/RUN.md, "The
** simulated device").  Each is a compute capability's limits from the
** CUDA C++ Programming Guide's table of them (threads, blocks and shared
** memory a multiprocessor holds, a block's opt-in shared memory) and one
** product of that class's size (multiprocessors, memory, L2).
*/
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "exec/interp.h"
#include "kernels/runtime/simrt_proto.h"

static const struct sim_device devices[] = {
	{ "sm_70", "v100", 7, 0, 80, 2048, 32, 96u << 10, 96u << 10, 6u << 20, UINT64_C(16) << 30 },
	{ "sm_75", "t4", 7, 5, 40, 1024, 16, 64u << 10, 64u << 10, 4u << 20, UINT64_C(16) << 30 },
	{ "sm_80", "a100", 8, 0, 108, 2048, 32, 164u << 10, 163u << 10, 40u << 20, UINT64_C(40) << 30 },
	{ "sm_86", "rtx3090", 8, 6, 82, 1536, 16, 100u << 10, 99u << 10, 6u << 20, UINT64_C(24) << 30 },
	{ "sm_89", "l4", 8, 9, 58, 1536, 24, 100u << 10, 99u << 10, 48u << 20, UINT64_C(24) << 30 },
	{ "sm_90", "h100", 9, 0, 132, 2048, 32, 228u << 10, 227u << 10, 50u << 20, UINT64_C(80) << 30 },
};

const struct sim_device *sim_device_default(void)
{
	return &devices[0];
}

const struct sim_device *sim_device_find(const char *name)
{
	char arch[16];
	/* "80" and "8.0" are sm_80 */
	if (strlen(name) == 2 && name[0] >= '1' && name[0] <= '9' && name[1] >= '0' && name[1] <= '9')
		snprintf(arch, sizeof arch, "sm_%s", name);
	else if (strlen(name) == 3 && name[1] == '.')
		snprintf(arch, sizeof arch, "sm_%c%c", name[0], name[2]);
	else
		snprintf(arch, sizeof arch, "%s", name);
	for (size_t i = 0; i < sizeof devices / sizeof devices[0]; i++)
		if (strcasecmp(arch, devices[i].arch) == 0 || strcasecmp(name, devices[i].product) == 0)
			return &devices[i];
	return NULL;
}

const char *sim_device_names(void)
{
	return "sm_70 (v100), sm_75 (t4), sm_80 (a100), sm_86 (rtx3090), sm_89 (l4), sm_90 (h100)";
}

void sim_device_wire(const struct sim_device *d, struct simrt_device *out)
{
	memset(out, 0, sizeof *out);
	snprintf(out->arch, sizeof out->arch, "%s", d->arch);
	out->major = d->major;
	out->minor = d->minor;
	out->sms = d->sms;
	out->threads_per_sm = d->threads_per_sm;
	out->blocks_per_sm = d->blocks_per_sm;
	out->smem_per_sm = d->smem_per_sm;
	out->smem_optin = d->smem_optin;
	out->l2 = d->l2;
	out->memory = d->memory;
}
