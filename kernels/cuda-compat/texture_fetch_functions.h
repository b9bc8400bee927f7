/*
** An empty stand-in for the CUDA header texture_fetch_functions.h, which
** CUDA 13 no longer ships but clang's CUDA wrapper still includes.  configure
** puts this folder on the include path only when the toolkit lacks the
** header; the corpus has no texture fetches.
*/
