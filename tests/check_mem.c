/*
** check_mem.c: the simulated memory of memmodel/mem.h: tagged pointers,
** dense and sparse allocations, every fault kind, and the byte-range
** copies across page boundaries.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/program.h"
#include "memmodel/mem.h"
#include "tests.h"

/* An address below byte 0 is named with its negative index, in the
** outermost dimension, inner ones kept in range. */
START_TEST(names_below_zero)
{
	struct mem m;
	mem_init(&m);
	uint32_t id = mem_new(&m, AS_GLOBAL, 64, "a");
	m.a[id].elem_size = 4;
	char buf[64];
	mem_name_addr(&m, MEM_PTR(id, 0) - 4, buf, sizeof buf);
	ck_assert_str_eq(buf, "a[-1]");
	mem_name_addr(&m, MEM_PTR(id, 0) - 3, buf, sizeof buf);
	ck_assert_str_eq(buf, "a[-1]+1");
	static const uint32_t dims[2] = { 4, 4 };
	m.a[id].dims = dims;
	m.a[id].ndims = 2;
	mem_name_addr(&m, MEM_PTR(id, 0) - 4, buf, sizeof buf);
	ck_assert_str_eq(buf, "a[-1][3]");
	mem_free(&m);
}
END_TEST

START_TEST(tagged_pointers)
{
	uint64_t p = MEM_PTR(7, 123);
	ck_assert_uint_eq(MEM_ID(p), 7);
	ck_assert_uint_eq(MEM_OFF(p), 123);
	/* the largest id and offset survive the round trip */
	uint64_t q = MEM_PTR(MEM_MAX_ALLOCS - 1, MEM_MAX_SIZE - 1);
	ck_assert_uint_eq(MEM_ID(q), MEM_MAX_ALLOCS - 1);
	ck_assert_uint_eq(MEM_OFF(q), MEM_MAX_SIZE - 1);
	/* provenance: below byte 0, and a terabyte either way, a pointer
	** stays its allocation's, with its signed offset */
	ck_assert_uint_eq(MEM_ID(MEM_PTR(3, 0) - 4), 3);
	ck_assert_int_eq((int64_t)MEM_OFF(MEM_PTR(3, 0) - 4), -4);
	uint64_t r = MEM_PTR(3, 0) + (UINT64_C(1) << 40);
	ck_assert_uint_eq(MEM_ID(r), 3);
	ck_assert_uint_eq(MEM_OFF(r), UINT64_C(1) << 40);
	ck_assert_uint_eq(MEM_ID(MEM_PTR(3, 0) - (UINT64_C(1) << 40)), 3);
	/* address arithmetic past the 2 TiB either way points at no
	** allocation rather than the next one (issue 13: tags do not alias) */
	ck_assert_uint_eq(MEM_KEEP_ID(r, MEM_PTR(3, 0)), r);
	uint64_t far = MEM_PTR(3, 0) + (UINT64_C(1) << 42);
	ck_assert_uint_eq(MEM_ID(far), 4);
	ck_assert_uint_eq(MEM_KEEP_ID(far, MEM_PTR(3, 0)), MEM_WILD_PTR);
	ck_assert_uint_eq(MEM_KEEP_ID(MEM_PTR(3, 0) - (UINT64_C(1) << 42), MEM_PTR(3, 0)), MEM_WILD_PTR);
	/* pointer arithmetic works on the offset */
	ck_assert_uint_eq(MEM_OFF(p + 8), 131);
	ck_assert_uint_eq(MEM_ID(p + 8), 7);
	ck_assert_uint_eq(MEM_ID(MEM_PTR(0, 0)), 0);
}
END_TEST

START_TEST(dense_read_write)
{
	struct mem m;
	mem_init(&m);
	uint32_t id = mem_new(&m, AS_GLOBAL, 64, "buf");
	ck_assert_uint_ne(id, 0);
	uint32_t id2 = mem_new(&m, AS_GLOBAL, 16, "other");
	ck_assert_uint_ne(id2, id);
	ck_assert_uint_eq(m.a[id].size, 64);
	ck_assert(m.a[id].live);
	ck_assert(!m.a[id].sparse);
	enum mem_fault f = MF_NONE;
	/* zeroed */
	for (unsigned off = 0; off < 64; off += 8) {
		uint8_t *h = mem_ptr(&m, MEM_PTR(id, off), 8, 0, &f);
		ck_assert_ptr_nonnull(h);
		uint64_t v;
		memcpy(&v, h, 8);
		ck_assert_uint_eq(v, 0);
	}
	uint8_t *w = mem_ptr(&m, MEM_PTR(id, 16), 4, 1, &f);
	ck_assert_ptr_nonnull(w);
	uint32_t val = 0xdeadbeef;
	memcpy(w, &val, 4);
	uint8_t *r = mem_ptr(&m, MEM_PTR(id, 16), 4, 0, &f);
	ck_assert_ptr_eq(r, w);
	uint32_t back;
	memcpy(&back, r, 4);
	ck_assert_uint_eq(back, 0xdeadbeef);
	/* the other allocation is untouched */
	uint8_t *o = mem_ptr(&m, MEM_PTR(id2, 0), 16, 0, &f);
	ck_assert_ptr_nonnull(o);
	for (int i = 0; i < 16; i++)
		ck_assert_uint_eq(o[i], 0);
	/* the last whole 16-byte slot is in bounds */
	ck_assert_ptr_nonnull(mem_ptr(&m, MEM_PTR(id, 48), 16, 1, &f));
	mem_free(&m);
}
END_TEST

START_TEST(fault_oob)
{
	struct mem m;
	mem_init(&m);
	uint32_t id = mem_new(&m, AS_GLOBAL, 64, "buf");
	enum mem_fault f = MF_NONE;
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(id, 64), 4, 0, &f));
	ck_assert_int_eq(f, MF_OOB);
	f = MF_NONE;
	/* straddling the end (aligned, so only the bound can fail) */
	uint32_t odd = mem_new(&m, AS_GLOBAL, 60, "odd");
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(odd, 56), 8, 0, &f));
	ck_assert_int_eq(f, MF_OOB);
	f = MF_NONE;
	/* a negative index stays in its allocation, below byte 0, whatever
	** lies before it */
	ck_assert_uint_eq(MEM_ID(MEM_PTR(odd, 0) - 4), odd);
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(odd, 0) - 4, 4, 1, &f));
	ck_assert_int_eq(f, MF_OOB);
	f = MF_NONE;
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(id, 0) - 2, 2, 0, &f));
	ck_assert_int_eq(f, MF_OOB);
	f = MF_NONE;
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(id, MEM_MAX_SIZE - 4), 4, 0, &f));
	ck_assert_int_eq(f, MF_OOB);
	/* a zero-size allocation has no valid byte */
	uint32_t z = mem_new(&m, AS_GLOBAL, 0, "empty");
	ck_assert_uint_ne(z, 0);
	f = MF_NONE;
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(z, 0), 1, 0, &f));
	ck_assert_int_eq(f, MF_OOB);
	ck_assert_str_eq(mem_fault_name(MF_OOB), "out-of-bounds");
	mem_free(&m);
}
END_TEST

START_TEST(fault_null)
{
	struct mem m;
	mem_init(&m);
	mem_new(&m, AS_GLOBAL, 64, "buf");
	enum mem_fault f = MF_NONE;
	ck_assert_ptr_null(mem_ptr(&m, 0, 4, 0, &f));
	ck_assert_int_eq(f, MF_NULL);
	f = MF_NONE;
	/* a small integer cast to a pointer is null too */
	ck_assert_ptr_null(mem_ptr(&m, 4096, 4, 1, &f));
	ck_assert_int_eq(f, MF_NULL);
	mem_free(&m);
}
END_TEST

START_TEST(fault_invalid)
{
	struct mem m;
	mem_init(&m);
	uint32_t a = mem_new(&m, AS_GLOBAL, 64, "a");
	uint32_t b = mem_new(&m, AS_GLOBAL, 64, "b");
	enum mem_fault f = MF_NONE;
	/* never allocated */
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(b + 10, 0), 4, 0, &f));
	ck_assert_int_eq(f, MF_INVALID);
	f = MF_NONE;
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(MEM_MAX_ALLOCS - 1, 0), 4, 0, &f));
	ck_assert_int_eq(f, MF_INVALID);
	/* freed */
	mem_release_from(&m, b);
	f = MF_NONE;
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(b, 0), 4, 0, &f));
	ck_assert_int_eq(f, MF_INVALID);
	f = MF_NONE;
	ck_assert_ptr_nonnull(mem_ptr(&m, MEM_PTR(a, 0), 4, 0, &f));
	mem_free(&m);
}
END_TEST

START_TEST(fault_misaligned)
{
	struct mem m;
	mem_init(&m);
	uint32_t id = mem_new(&m, AS_GLOBAL, 64, "buf");
	uint32_t sp = mem_new_sparse(&m, AS_GLOBAL, "sparse");
	static const unsigned sizes[] = { 2, 4, 8, 16 };
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		enum mem_fault f = MF_NONE;
		ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(id, 1), sizes[i], 0, &f));
		ck_assert_int_eq(f, MF_MISALIGNED);
		f = MF_NONE;
		ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(sp, sizes[i] / 2), sizes[i], 1, &f));
		ck_assert_int_eq(f, MF_MISALIGNED);
	}
	enum mem_fault f = MF_NONE;
	/* bytes are never misaligned */
	ck_assert_ptr_nonnull(mem_ptr(&m, MEM_PTR(id, 33), 1, 0, &f));
	ck_assert_ptr_nonnull(mem_ptr(&m, MEM_PTR(id, 34), 2, 0, &f));
	mem_free(&m);
}
END_TEST

START_TEST(fault_readonly)
{
	struct mem m;
	mem_init(&m);
	uint32_t id = mem_new(&m, AS_CONST, 32, "c");
	m.a[id].readonly = 1;
	enum mem_fault f = MF_NONE;
	ck_assert_ptr_nonnull(mem_ptr(&m, MEM_PTR(id, 0), 4, 0, &f));
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(id, 0), 4, 1, &f));
	ck_assert_int_eq(f, MF_READONLY);
	uint64_t bad = 0;
	uint32_t v = 1;
	ck_assert_int_eq(mem_write(&m, MEM_PTR(id, 8), &v, 4, &bad), MF_READONLY);
	ck_assert_uint_eq(bad, MEM_PTR(id, 8));
	ck_assert_int_eq(mem_fill(&m, MEM_PTR(id, 4), 0xff, 4, &bad), MF_READONLY);
	ck_assert_uint_eq(bad, MEM_PTR(id, 4));
	/* nothing was written */
	uint8_t buf[32];
	ck_assert_int_eq(mem_read(&m, MEM_PTR(id, 0), buf, 32, NULL), MF_NONE);
	for (int i = 0; i < 32; i++)
		ck_assert_uint_eq(buf[i], 0);
	mem_free(&m);
}
END_TEST

START_TEST(sparse_grows_on_touch)
{
	struct mem m;
	mem_init(&m);
	uint32_t id = mem_new_sparse(&m, AS_GLOBAL, "sp");
	ck_assert_uint_ne(id, 0);
	ck_assert(m.a[id].sparse);
	ck_assert_uint_eq(m.a[id].size, 0);
	enum mem_fault f = MF_NONE;
	/* a far offset: no bounds */
	uint64_t far = UINT64_C(1) << 30;
	uint8_t *h = mem_ptr(&m, MEM_PTR(id, far), 8, 1, &f);
	ck_assert_ptr_nonnull(h);
	uint64_t val = UINT64_C(0x0123456789abcdef);
	memcpy(h, &val, 8);
	ck_assert_uint_eq(m.a[id].size, far + 8);
	/* untouched pages read as zero */
	uint8_t *z = mem_ptr(&m, MEM_PTR(id, 12345 * 8), 8, 0, &f);
	ck_assert_ptr_nonnull(z);
	uint64_t zv;
	memcpy(&zv, z, 8);
	ck_assert_uint_eq(zv, 0);
	/* size is the highest byte touched + 1, it does not shrink */
	ck_assert_uint_eq(m.a[id].size, far + 8);
	uint64_t back = 0;
	ck_assert_int_eq(mem_read(&m, MEM_PTR(id, far), &back, 8, NULL), MF_NONE);
	ck_assert_uint_eq(back, val);
	/* the largest offset works too: 2^32 elements (bytes here), the
	** most --size gives; one further is out of bounds */
	ck_assert_ptr_nonnull(mem_ptr(&m, MEM_PTR(id, MEM_SPARSE_MAX_ELEMS - 8), 8, 1, &f));
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(id, MEM_SPARSE_MAX_ELEMS), 1, 0, &f));
	ck_assert_int_eq(f, MF_OOB);
	f = MF_NONE;
	/* below byte 0 there is a bound even without a size */
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(id, 0) - 8, 8, 0, &f));
	ck_assert_int_eq(f, MF_OOB);
	ck_assert_uint_eq(m.a[id].size, MEM_SPARSE_MAX_ELEMS);
	mem_free(&m);
}
END_TEST

START_TEST(sparse_many_pages)
{
	struct mem m;
	mem_init(&m);
	uint32_t id = mem_new_sparse(&m, AS_GLOBAL, "sp");
	enum mem_fault f = MF_NONE;
	enum { NPAGES = 5000 };
	/* pages far apart (stride of 3 pages + 8 bytes), forcing many rehashes */
	for (uint32_t i = 0; i < NPAGES; i++) {
		uint64_t off = (uint64_t)i * (3 * MEM_PAGE_SIZE + 8);
		uint32_t *h = (uint32_t *)mem_ptr(&m, MEM_PTR(id, off), 4, 1, &f);
		if (h == NULL)
			ck_abort_msg("write %u failed", i);
		*h = i * 2654435761u;
	}
	for (uint32_t i = 0; i < NPAGES; i++) {
		uint64_t off = (uint64_t)i * (3 * MEM_PAGE_SIZE + 8);
		uint32_t *h = (uint32_t *)mem_ptr(&m, MEM_PTR(id, off), 4, 0, &f);
		if (h == NULL || *h != i * 2654435761u)
			ck_abort_msg("page %u lost its value", i);
		/* the neighbour word, on the same page, is still zero */
		uint32_t *n = (uint32_t *)mem_ptr(&m, MEM_PTR(id, off + 4), 4, 0, &f);
		if (n == NULL || *n != 0)
			ck_abort_msg("page %u neighbour not zero", i);
	}
	ck_assert_uint_eq(m.a[id].size, (uint64_t)(NPAGES - 1) * (3 * MEM_PAGE_SIZE + 8) + 8);
	mem_free(&m);
}
END_TEST

START_TEST(release_from)
{
	struct mem m;
	mem_init(&m);
	uint32_t a = mem_new(&m, AS_GLOBAL, 8, "a");
	uint32_t b = mem_new(&m, AS_GLOBAL, 8, "b");
	uint32_t c = mem_new_sparse(&m, AS_GLOBAL, "c");
	ck_assert_uint_eq(b, a + 1);
	ck_assert_uint_eq(c, b + 1);
	enum mem_fault f = MF_NONE;
	*mem_ptr(&m, MEM_PTR(a, 0), 1, 1, &f) = 0x5a;
	*mem_ptr(&m, MEM_PTR(c, 1 << 20), 1, 1, &f) = 0x77;
	mem_release_from(&m, b);
	ck_assert_uint_eq(m.n, b);
	/* a survives with its contents */
	uint8_t *pa = mem_ptr(&m, MEM_PTR(a, 0), 1, 0, &f);
	ck_assert_ptr_nonnull(pa);
	ck_assert_uint_eq(*pa, 0x5a);
	f = MF_NONE;
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(c, 1 << 20), 1, 0, &f));
	ck_assert_int_eq(f, MF_INVALID);
	/* the ids are free again, and a reused id starts zeroed and dense */
	uint32_t b2 = mem_new(&m, AS_GLOBAL, 4, "b2");
	ck_assert_uint_eq(b2, b);
	ck_assert(!m.a[b2].sparse);
	ck_assert_uint_eq(m.a[b2].size, 4);
	f = MF_NONE;
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(b2, 4), 1, 0, &f));
	ck_assert_int_eq(f, MF_OOB);
	/* release_from(0) keeps the null allocation */
	mem_release_from(&m, 0);
	ck_assert_uint_eq(m.n, 1);
	f = MF_NONE;
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(a, 0), 1, 0, &f));
	ck_assert_int_eq(f, MF_INVALID);
	ck_assert_uint_eq(mem_new(&m, AS_GLOBAL, 4, "again"), 1);
	mem_free(&m);
}
END_TEST

START_TEST(many_allocations)
{
	struct mem m;
	mem_init(&m);
	for (uint32_t i = 1; i <= 1000; i++) {
		uint32_t id = mem_new(&m, AS_GLOBAL, 4, "x");
		if (id != i)
			ck_abort_msg("allocation %u got id %u", i, id);
		*(uint32_t *)mem_ptr(&m, MEM_PTR(id, 0), 4, 1, &(enum mem_fault){ 0 }) = i;
	}
	for (uint32_t i = 1; i <= 1000; i++) {
		uint32_t v = 0;
		if (mem_read(&m, MEM_PTR(i, 0), &v, 4, NULL) != MF_NONE || v != i)
			ck_abort_msg("allocation %u lost its value", i);
	}
	mem_free(&m);
}
END_TEST

START_TEST(copies_across_pages)
{
	struct mem m;
	mem_init(&m);
	uint32_t sp = mem_new_sparse(&m, AS_GLOBAL, "sp");
	uint32_t dn = mem_new(&m, AS_GLOBAL, 3 * MEM_PAGE_SIZE, "dn");
	enum { N = 2 * MEM_PAGE_SIZE + 100 };
	uint8_t *src = malloc(N), *dst = malloc(N);
	ck_assert_ptr_nonnull(src);
	ck_assert_ptr_nonnull(dst);
	for (int i = 0; i < N; i++)
		src[i] = (uint8_t)(i * 31 + 7);
	uint64_t start = MEM_PAGE_SIZE - 50;	/* spans three pages */
	uint64_t bad = 12345;
	ck_assert_int_eq(mem_write(&m, MEM_PTR(sp, start), src, N, &bad), MF_NONE);
	ck_assert_uint_eq(bad, 12345);
	ck_assert_uint_eq(m.a[sp].size, start + N);
	memset(dst, 0, N);
	ck_assert_int_eq(mem_read(&m, MEM_PTR(sp, start), dst, N, &bad), MF_NONE);
	ck_assert_mem_eq(dst, src, N);
	/* the bytes around it are still zero */
	uint8_t edge[2];
	ck_assert_int_eq(mem_read(&m, MEM_PTR(sp, start - 1), edge, 1, NULL), MF_NONE);
	ck_assert_int_eq(mem_read(&m, MEM_PTR(sp, start + N), edge + 1, 1, NULL), MF_NONE);
	ck_assert_uint_eq(edge[0], 0);
	ck_assert_uint_eq(edge[1], 0);
	/* fill across a page boundary */
	ck_assert_int_eq(mem_fill(&m, MEM_PTR(sp, 2 * MEM_PAGE_SIZE - 3), 0xab, 6, NULL), MF_NONE);
	uint8_t six[8];
	ck_assert_int_eq(mem_read(&m, MEM_PTR(sp, 2 * MEM_PAGE_SIZE - 4), six, 8, NULL), MF_NONE);
	ck_assert_uint_eq(six[0], src[2 * MEM_PAGE_SIZE - 4 - start]);
	for (int i = 1; i <= 6; i++)
		ck_assert_uint_eq(six[i], 0xab);
	ck_assert_uint_eq(six[7], src[2 * MEM_PAGE_SIZE + 3 - start]);
	/* the dense allocation, the same way */
	ck_assert_int_eq(mem_write(&m, MEM_PTR(dn, 10), src, N, NULL), MF_NONE);
	memset(dst, 0, N);
	ck_assert_int_eq(mem_read(&m, MEM_PTR(dn, 10), dst, N, NULL), MF_NONE);
	ck_assert_mem_eq(dst, src, N);
	free(src);
	free(dst);
	mem_free(&m);
}
END_TEST

START_TEST(copies_report_first_bad_byte)
{
	struct mem m;
	mem_init(&m);
	uint32_t dn = mem_new(&m, AS_GLOBAL, 100, "dn");
	uint8_t buf[64];
	memset(buf, 0x11, sizeof buf);
	uint64_t bad = 0;
	/* 90..153: bytes 100.. are out of bounds, the first 10 are written */
	ck_assert_int_eq(mem_write(&m, MEM_PTR(dn, 90), buf, 64, &bad), MF_OOB);
	ck_assert_uint_eq(bad, MEM_PTR(dn, 100));
	uint8_t back[10];
	ck_assert_int_eq(mem_read(&m, MEM_PTR(dn, 90), back, 10, NULL), MF_NONE);
	for (int i = 0; i < 10; i++)
		ck_assert_uint_eq(back[i], 0x11);
	bad = 0;
	ck_assert_int_eq(mem_read(&m, MEM_PTR(dn, 95), buf, 10, &bad), MF_OOB);
	ck_assert_uint_eq(bad, MEM_PTR(dn, 100));
	bad = 0;
	ck_assert_int_eq(mem_fill(&m, MEM_PTR(dn, 99), 0, 2, &bad), MF_OOB);
	ck_assert_uint_eq(bad, MEM_PTR(dn, 100));
	bad = 0;
	ck_assert_int_eq(mem_read(&m, 16, buf, 4, &bad), MF_NULL);	/* (int *)0 + 4 */
	ck_assert_uint_eq(bad, 16);
	bad = 0;
	ck_assert_int_eq(mem_write(&m, MEM_PTR(dn + 5, 0), buf, 4, &bad), MF_INVALID);
	ck_assert_uint_eq(bad, MEM_PTR(dn + 5, 0));
	/* bad_ptr may be NULL, and a zero-length copy never faults */
	ck_assert_int_eq(mem_fill(&m, MEM_PTR(0, 0), 0, 1, NULL), MF_NULL);
	ck_assert_int_eq(mem_read(&m, MEM_PTR(0, 0), buf, 0, NULL), MF_NONE);
	mem_free(&m);
}
END_TEST

START_TEST(strdup_strings)
{
	struct mem m;
	mem_init(&m);
	uint32_t dn = mem_new(&m, AS_GLOBAL, 16, "s");
	static const char hello[] = "hello";
	ck_assert_int_eq(mem_write(&m, MEM_PTR(dn, 2), hello, sizeof hello, NULL), MF_NONE);
	char *s = mem_strdup(&m, MEM_PTR(dn, 2), 100);
	ck_assert_str_eq(s, "hello");
	free(s);
	/* truncated at max */
	s = mem_strdup(&m, MEM_PTR(dn, 2), 3);
	ck_assert_str_eq(s, "hel");
	free(s);
	/* no terminator before the end of the allocation: stops at the end */
	ck_assert_int_eq(mem_fill(&m, MEM_PTR(dn, 0), 'x', 16, NULL), MF_NONE);
	s = mem_strdup(&m, MEM_PTR(dn, 10), 100);
	ck_assert_str_eq(s, "xxxxxx");
	free(s);
	/* a bad pointer gives the empty string */
	s = mem_strdup(&m, 0, 10);
	ck_assert_str_eq(s, "");
	free(s);
	/* across a sparse page boundary */
	uint32_t sp = mem_new_sparse(&m, AS_GLOBAL, "sp");
	ck_assert_int_eq(mem_write(&m, MEM_PTR(sp, MEM_PAGE_SIZE - 2), hello, sizeof hello, NULL), MF_NONE);
	s = mem_strdup(&m, MEM_PTR(sp, MEM_PAGE_SIZE - 2), 64);
	ck_assert_str_eq(s, "hello");
	free(s);
	mem_free(&m);
}
END_TEST

/* memmove semantics within one allocation, both directions, dense and
** sparse (across pages), with no host buffer of the length. */
START_TEST(copy_overlapping)
{
	struct mem m;
	mem_init(&m);
	uint32_t ids[2] = { mem_new(&m, AS_GLOBAL, 3 * MEM_PAGE_SIZE, "dn"),
			    mem_new_sparse(&m, AS_GLOBAL, "sp") };
	enum { N = 2 * MEM_PAGE_SIZE + 7 };
	uint8_t *want = malloc(3 * MEM_PAGE_SIZE), *got = malloc(3 * MEM_PAGE_SIZE);
	ck_assert_ptr_nonnull(want);
	ck_assert_ptr_nonnull(got);
	for (int k = 0; k < 2; k++)
		for (int dir = 0; dir < 2; dir++) {
			for (unsigned i = 0; i < 3 * MEM_PAGE_SIZE; i++)
				want[i] = (uint8_t)(i * 13 + dir);
			ck_assert_int_eq(mem_write(&m, MEM_PTR(ids[k], 0), want, 3 * MEM_PAGE_SIZE, NULL),
					 MF_NONE);
			uint64_t from = dir ? 0 : 100, to = dir ? 100 : 0;
			memmove(want + to, want + from, N);
			ck_assert_int_eq(mem_copy(&m, MEM_PTR(ids[k], to), MEM_PTR(ids[k], from), N, NULL),
					 MF_NONE);
			ck_assert_int_eq(mem_read(&m, MEM_PTR(ids[k], 0), got, 3 * MEM_PAGE_SIZE, NULL),
					 MF_NONE);
			ck_assert_mem_eq(got, want, 3 * MEM_PAGE_SIZE);
		}
	/* a source out of bounds faults before the destination is written */
	uint64_t bad = 0;
	ck_assert_int_eq(mem_copy(&m, MEM_PTR(ids[1], 0), MEM_PTR(ids[0], 10), 3 * MEM_PAGE_SIZE, &bad),
			 MF_OOB);
	ck_assert_uint_eq(bad, MEM_PTR(ids[0], 3 * MEM_PAGE_SIZE));
	free(want);
	free(got);
	mem_free(&m);
}
END_TEST

/* The budget: sparse pages count as they appear, dense allocations as
** made; a range that surely passes it (more pages than the allocation
** has plus what is left) faults at its start with nothing touched, else at
** its first page past it; one past an unsized buffer's bound faults at the
** bound, at once. */
START_TEST(memory_budget)
{
	struct mem m;
	mem_init(&m);
	m.limit = 16 * MEM_PAGE_SIZE;
	uint32_t dn = mem_new(&m, AS_GLOBAL, 4 * MEM_PAGE_SIZE, "dn");
	uint32_t sp = mem_new_sparse(&m, AS_GLOBAL, "sp");
	ck_assert_uint_eq(m.used, 4 * MEM_PAGE_SIZE);
	uint64_t bad = 0;
	ck_assert_int_eq(mem_fill(&m, MEM_PTR(sp, 0), 1, 12 * MEM_PAGE_SIZE, &bad), MF_NONE);
	ck_assert_uint_eq(m.used, 16 * MEM_PAGE_SIZE);
	/* the pages it has are free to touch again; one more is not */
	ck_assert_int_eq(mem_fill(&m, MEM_PTR(sp, 5), 2, 12 * MEM_PAGE_SIZE - 5, &bad), MF_NONE);
	ck_assert_int_eq(mem_fill(&m, MEM_PTR(sp, 10 * MEM_PAGE_SIZE), 3, 4 * MEM_PAGE_SIZE, &bad),
			 MF_BUDGET);
	ck_assert_uint_eq(bad, MEM_PTR(sp, 12 * MEM_PAGE_SIZE));
	uint8_t b = 0;
	ck_assert_int_eq(mem_read(&m, MEM_PTR(sp, 10 * MEM_PAGE_SIZE), &b, 1, NULL), MF_NONE);
	ck_assert_uint_eq(b, 3);
	ck_assert_int_eq(mem_fill(&m, MEM_PTR(sp, 20 * MEM_PAGE_SIZE), 4, 13 * MEM_PAGE_SIZE, &bad),
			 MF_BUDGET);
	ck_assert_uint_eq(bad, MEM_PTR(sp, 20 * MEM_PAGE_SIZE));
	ck_assert_uint_eq(m.used, 16 * MEM_PAGE_SIZE);	/* nothing touched */
	enum mem_fault f = MF_NONE;
	ck_assert_ptr_null(mem_ptr(&m, MEM_PTR(sp, 40 * MEM_PAGE_SIZE), 4, 1, &f));
	ck_assert_int_eq(f, MF_BUDGET);
	/* 2^40 bytes: past the bound of 2^31 elements, found at once */
	bad = 0;
	ck_assert_int_eq(mem_fill(&m, MEM_PTR(sp, 0), 0, UINT64_C(1) << 40, &bad), MF_OOB);
	ck_assert_uint_eq(bad, MEM_PTR(sp, MEM_SPARSE_MAX_ELEMS));
	/* freeing gives the bytes back */
	mem_release_from(&m, dn);
	ck_assert_uint_eq(m.used, 0);
	mem_free(&m);
}
END_TEST

/* The process's pool (--max-memory): two launches drawing at once share
** its cap, and one is refused what its neighbour holds (remembered in its
** struct mem, its page a budget fault, for the caller to run it again);
** a launch drawing alone never is, and everything freed goes back. */
START_TEST(memory_pool)
{
	struct mem_pool pool;
	mem_pool_init(&pool, 8 * MEM_PAGE_SIZE);
	struct mem a, b;
	mem_init(&a);
	mem_init(&b);
	a.pool = b.pool = &pool;
	mem_pool_enter(&pool);
	mem_pool_enter(&pool);
	uint32_t da = mem_new(&a, AS_GLOBAL, 6 * MEM_PAGE_SIZE, "da");
	ck_assert_uint_ne(da, 0);
	ck_assert_uint_eq(atomic_load(&pool.used), 6 * MEM_PAGE_SIZE);
	ck_assert_uint_eq(a.pool_refused, 0);
	uint32_t sb = mem_new_sparse(&b, AS_GLOBAL, "sb");
	uint64_t bad = 0;
	ck_assert_int_eq(mem_fill(&b, MEM_PTR(sb, 0), 1, 2 * MEM_PAGE_SIZE, &bad), MF_NONE);
	ck_assert_uint_eq(b.pool_refused, 0);
	/* the cap is reached: b's next page is refused, though b's own limit
	** (none) would allow it */
	enum mem_fault f = MF_NONE;
	ck_assert_ptr_null(mem_ptr(&b, MEM_PTR(sb, 2 * MEM_PAGE_SIZE), 4, 1, &f));
	ck_assert_int_eq(f, MF_BUDGET);
	ck_assert_uint_eq(b.pool_refused, 1);
	ck_assert_uint_ge(atomic_load(&pool.refusals), 1);
	ck_assert_uint_eq(b.used, 2 * MEM_PAGE_SIZE);
	/* a dense allocation is made all the same, and remembered */
	uint32_t db = mem_new(&b, AS_GLOBAL, MEM_PAGE_SIZE, "db");
	ck_assert_uint_ne(db, 0);
	ck_assert_uint_eq(atomic_load(&pool.used), 9 * MEM_PAGE_SIZE);
	ck_assert_uint_eq(atomic_load(&pool.peak), 9 * MEM_PAGE_SIZE);
	uint64_t refusals = atomic_load(&pool.refusals);
	/* a leaves: b draws alone, past the cap */
	mem_free(&a);
	mem_pool_leave(&pool);
	ck_assert_uint_eq(atomic_load(&pool.used), 3 * MEM_PAGE_SIZE);
	ck_assert_int_eq(mem_fill(&b, MEM_PTR(sb, 0), 2, 12 * MEM_PAGE_SIZE, &bad), MF_NONE);
	ck_assert_uint_eq(atomic_load(&pool.used), 13 * MEM_PAGE_SIZE);
	ck_assert_uint_eq(atomic_load(&pool.refusals), refusals);
	mem_free(&b);
	mem_pool_leave(&pool);
	ck_assert_uint_eq(atomic_load(&pool.used), 0);
	ck_assert_uint_eq(atomic_load(&pool.running), 0);
	/* no pool: never refused */
	ck_assert_int_eq(mem_pool_take(NULL, UINT64_MAX), 0);
}
END_TEST

Suite *mem_suite(void)
{
	Suite *s = suite_create("mem");
	TCase *tc = tcase_create("mem");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, tagged_pointers);
	tcase_add_test(tc, dense_read_write);
	tcase_add_test(tc, fault_oob);
	tcase_add_test(tc, fault_null);
	tcase_add_test(tc, fault_invalid);
	tcase_add_test(tc, fault_misaligned);
	tcase_add_test(tc, fault_readonly);
	tcase_add_test(tc, sparse_grows_on_touch);
	tcase_add_test(tc, sparse_many_pages);
	tcase_add_test(tc, release_from);
	tcase_add_test(tc, many_allocations);
	tcase_add_test(tc, copies_across_pages);
	tcase_add_test(tc, copies_report_first_bad_byte);
	tcase_add_test(tc, strdup_strings);
	tcase_add_test(tc, names_below_zero);
	tcase_add_test(tc, copy_overlapping);
	tcase_add_test(tc, memory_budget);
	tcase_add_test(tc, memory_pool);
	suite_add_tcase(s, tc);
	return s;
}
