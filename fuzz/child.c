/*
** child.c: the probe children of the harnesses die quietly.  Apart from
** fuzz.c because <signal.h> and core/program.h both name TRAP_BRKPT.
*/
#include <pthread.h>
#include <signal.h>

#include <sanitizer/common_interface_defs.h>

void fuzz_quiet_children(void);

static void quiet_death(void)
{
}

/* The loader's probe child may die on the input: that is the answer it
** is there to give, not a crash of the harness, so the child must not
** report it to libFuzzer (which would save the input as a crash). */
static void forked_child(void)
{
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE };
	for (unsigned i = 0; i < sizeof sigs / sizeof *sigs; i++)
		signal(sigs[i], SIG_DFL);
	__sanitizer_set_death_callback(quiet_death);
}

void fuzz_quiet_children(void)
{
	pthread_atfork(NULL, NULL, forked_child);
}
