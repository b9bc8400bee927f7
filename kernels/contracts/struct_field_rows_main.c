/* The program's C side: a matrix of n x 16 floats, n from argv[1] (256
** without one), a multiple of 16 or the program exits.  The sizes travel
** in the struct mat_new fills (K&R C, as old benchmarks write it). */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
	int rows;
	int cols;
	float *host;
} mat_t;

void sum_columns(mat_t *m, float *h_out);
mat_t *mat_new();

int nrows = 0;

static void parse(int argc, char **argv)
{
	nrows = argc > 1 ? atoi(argv[1]) : 256;
	if (nrows < 16 || nrows % 16 != 0) {
		fprintf(stderr, "rows must be a positive multiple of 16\n");
		exit(1);
	}
}

mat_t *mat_new(rows, cols)
int rows, cols;
{
	mat_t *m = malloc(sizeof *m);
	m->rows = rows;
	m->cols = cols;
	m->host = calloc((size_t)rows * cols, sizeof(float));
	return m;
}

int main(int argc, char **argv)
{
	parse(argc, argv);
	mat_t *m = mat_new(nrows, 16);
	float *sums = calloc(nrows / 16 * 16, sizeof(float));
	sum_columns(m, sums);
	printf("%f\n", sums[0]);
	return 0;
}
