/* wrapbc.c: IN.bc -> OUT, LLVM's bitcode wrapper header (five little-endian
** u32: 0x0B17C0DE, version 0, offset 20, size, cputype 0) then the bitcode,
** padded to a multiple of 16.  LLVM readers skip the header themselves, and
** the size field is what the wrapper that clang's host object registers
** lacks. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void put32(FILE *f, uint32_t v)
{
	unsigned char b[4] = { v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >> 24 };
	fwrite(b, 1, 4, f);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: wrapbc IN.bc OUT\n");
		return 2;
	}
	FILE *in = fopen(argv[1], "rb"), *out = fopen(argv[2], "wb");
	if (!in || !out) {
		perror("wrapbc");
		return 2;
	}
	fseek(in, 0, SEEK_END);
	long n = ftell(in);
	fseek(in, 0, SEEK_SET);
	unsigned char *buf = malloc(n ? n : 1);
	if (!buf || fread(buf, 1, n, in) != (size_t)n)
		return 2;
	put32(out, 0x0B17C0DEu);
	put32(out, 0);
	put32(out, 20);
	put32(out, (uint32_t)n);
	put32(out, 0);
	fwrite(buf, 1, n, out);
	for (long pad = (20 + n) % 16 ? 16 - (20 + n) % 16 : 0; pad > 0; pad--)
		fputc(0, out);
	fclose(out);
	fclose(in);
	free(buf);
	return 0;
}
