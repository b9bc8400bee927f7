/*
** tex.h: texture and surface objects (cudaTextureObject_t,
** cudaSurfaceObject_t kernel parameters).
**
** An object's value in a launch is a tagged pointer to its backing buffer,
** a dense allocation of width * height * depth * layers texels, row-major
** (x fastest), whose struct mem_alloc carries the descriptor.  The
** descriptor is what cudaCreateTextureObject / cudaCreateSurfaceObject
** would have been given: the texel format, the extents and, for a
** texture, the address modes, the filter, normalized coordinates and the
** read mode.  The fetch itself (texture addressing and filtering as the
** CUDA programming guide's "Texture Fetching" appendix describes it) is
** here, free of the interpreter, so the tests can check it against a C
** reference.  docs/MODEL.md, "Textures and surfaces", has the semantics.
*/
#ifndef SIMULEE_TEX_H
#define SIMULEE_TEX_H

#include <stddef.h>
#include <stdint.h>

enum tex_kind { TEXOBJ_NONE, TEXOBJ_TEX, TEXOBJ_SURF };
enum tex_addr { TA_CLAMP, TA_WRAP, TA_MIRROR, TA_BORDER };
enum tex_filter { TF_POINT, TF_LINEAR };
enum tex_read { TR_ELEMENT, TR_NORMALIZED };
/* Geometry of a fetch (TEX, SULD, SUST f): PTX .1d .2d .3d .a1d .a2d. */
enum tex_geom { TG_1D = 1, TG_2D, TG_3D, TG_A1D, TG_A2D };
/* Surface boundary modes (SULD, SUST imm): PTX .trap .clamp .zero. */
enum { SB_TRAP, SB_CLAMP, SB_ZERO };

struct tex_desc {
	uint8_t kind;		/* enum tex_kind */
	uint8_t fmt;		/* channel type: enum elem_type (8, 16, 32-bit
				   integers, f32; f16 in simulee-c run) */
	uint8_t nch;		/* channels: 1, 2 or 4 */
	uint8_t ndims;		/* 1 .. 3 */
	uint8_t addr[3];	/* enum tex_addr per dimension */
	uint8_t filter;		/* enum tex_filter */
	uint8_t norm;		/* normalized coordinates */
	uint8_t read;		/* enum tex_read */
	uint32_t dim[3];	/* width, height, depth (1 where unused) */
	uint32_t layers;	/* 0: not layered */
	uint32_t pitch;		/* texels from one row to the next in the
				   buffer, 0 for the width: a 2-D texture
				   reference bound to pitched memory
				   (cudaBindTexture2D) */
	uint64_t base;		/* 0: the texels start where the handle
				   points; else their tagged pointer, and the
				   handle's allocation is a view carrying this
				   descriptor (simulee-c run: a texture object
				   or reference over the program's memory, so
				   two views of one buffer keep a format each) */
};

/* Bytes of one texel of T. */
unsigned tex_texel_size(const struct tex_desc *t);
/* Texels of T's backing buffer. */
uint64_t tex_texels(const struct tex_desc *t);

/* Parses the --tex descriptor S for an object of KIND into *T:
** "FMT[xN]:W[xH[xD]][,layers=L][,address=M[:M[:M]]][,filter=point|linear]
** [,coords=texel|normalized][,read=element|normalized]", FMT one of u8 i8
** u16 i16 u32 i32 f32.  Returns 0, or -1 with the reason in WHY (N bytes). */
int tex_parse(const char *s, uint8_t kind, struct tex_desc *t, char *why, size_t n);
/* Applies the ",KEY=VALUE..." list S (tex_parse's keys; "" is none) for
** an object of KIND to *T and checks the result.  0, or -1 with WHY. */
int tex_parse_keys(const char *s, uint8_t kind, struct tex_desc *t, char *why, size_t n);
/* T as tex_parse reads it back (defaults left out), into BUF of N bytes. */
void tex_format(const struct tex_desc *t, char *buf, size_t n);
/* Only the texture keys of T (",address=wrap..."; "" for the defaults). */
void tex_format_keys(const struct tex_desc *t, char *buf, size_t n);
/* The descriptor an object of KIND gets when the user gives none: one
** channel of FMT, 1024 texels in 1D, 64x64 in 2D, 16x16x16 in 3D (NDIMS),
** 4 layers when LAYERED; clamp, point, texel coordinates, element reads. */
void tex_default(uint8_t kind, uint8_t fmt, uint8_t nch, unsigned ndims, int layered,
		 struct tex_desc *t);

/* The texels a fetch reads and their weights. */
struct tex_taps {
	unsigned n;		/* 1 (point) or 2, 4, 8 (linear in 1, 2, 3 dimensions) */
	int64_t texel[8];	/* index into the backing buffer; -1: the border (zero) */
	float wt[8];
};

/* The taps of a fetch from texture T at coordinates C (x, y, z as float
** bits, or as signed 32-bit integers when INTCOORDS: a texel index, no
** filtering, no normalization) and LAYER, as the programming guide's
** appendix gives them: normalized coordinates scaled by the extent, the
** address mode applied to each tap's index, linear weights in 9-bit fixed
** point with 8 fractional bits. */
void tex_taps(const struct tex_desc *t, int intcoords, const uint64_t c[3], int64_t layer,
	      struct tex_taps *out);

/* The four channels of texel bytes P of T as the fetch returns them:
** floats (f32 or f16, or a normalized read of 8 and 16-bit integers)
** with *isf set, else integers (sign-extended) in I.  Missing channels
** read 0, and 1 for the fourth. */
void tex_channels(const struct tex_desc *t, const uint8_t *p, float f[4], int64_t i[4], int *isf);

#endif
