/* old_host_sum.c: C as gcc 13 built it, with no #include: abs and
** int_at are called before any declaration (implicit int functions). */
int host_sum(const int *v, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += abs(int_at(v, i));
	return s;
}

int int_at(const int *v, int i)
{
	return v[i];
}
