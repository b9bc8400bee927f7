/*
** elem.h: the element types of buffers and scalars, in one list.
**
** A buffer's --type, a scalar parameter's type, a texture's channel type
** and how a value of each is printed all come from the list below; add a
** type here and every table follows.  ET_NONE (0) is "unknown": size 1,
** no name.
*/
#ifndef SIMULEE_ELEM_H
#define SIMULEE_ELEM_H

#include <stddef.h>
#include <stdint.h>

/* ET(ID, NAME, BYTES, CLASS): ET_ID, its --type NAME, its size, and
** whether it is a signed ('s') or unsigned ('u') integer or a float
** ('f').  The order is the enum's (stored in uint8_t fields). */
#define SIMULEE_ELEM_TYPES(ET) \
	ET(I8, "i8", 1, 's') \
	ET(U8, "u8", 1, 'u') \
	ET(I16, "i16", 2, 's') \
	ET(U16, "u16", 2, 'u') \
	ET(I32, "i32", 4, 's') \
	ET(U32, "u32", 4, 'u') \
	ET(I64, "i64", 8, 's') \
	ET(U64, "u64", 8, 'u') \
	ET(F16, "f16", 2, 'f') \
	ET(F32, "f32", 4, 'f') \
	ET(F64, "f64", 8, 'f')

#define ELEM_ENUM(id, name, bytes, cls) ET_##id,
enum elem_type { ET_NONE, SIMULEE_ELEM_TYPES(ELEM_ENUM) ET__COUNT };
#undef ELEM_ENUM

/* Its size in bytes (1 for ET_NONE and out-of-range values). */
unsigned elem_size(uint8_t et);
/* Its --type name ("f32"), or NULL for ET_NONE. */
const char *elem_name(uint8_t et);
/* The type --type NAME names, or ET_NONE. */
uint8_t elem_parse(const char *name);
int elem_is_float(uint8_t et);
int elem_is_signed(uint8_t et);
/* BITS as --dump prints a value of type ET, into BUF: floats to
** round-trip precision, signed integers from their low elem_size bytes,
** unsigned ones (and ET_NONE) as the whole of BITS. */
void elem_format(uint64_t bits, uint8_t et, char *buf, size_t n);

#endif
