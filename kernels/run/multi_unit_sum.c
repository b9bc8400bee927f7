/* multi_unit_sum.c: see multi_unit.cu. */
long checksum(const int *v, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}
