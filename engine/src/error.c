/* Filling the caller's error record: the engine reports and returns, it never prints. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

col_status col_fail(col_error *error, col_status code, const char *format, ...)
{
	if (error != NULL) {
		error->code = code;
		va_list args;
		va_start(args, format);
		vsnprintf(error->message, sizeof error->message, format, args);
		va_end(args);
	}
	return code;
}

void col_error_clear(col_error *error)
{
	if (error != NULL) {
		error->code = COL_OK;
		error->message[0] = '\0';
	}
}
