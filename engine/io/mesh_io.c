/* placeholder: the io helper replaces this file */
#include "collide/io.h"
int collide_io_placeholder;
