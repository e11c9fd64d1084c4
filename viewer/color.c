/* Named colours: a small palette chosen to read well on the viewer's dark-grey background. */
#include "color.h"

#include <ctype.h>
#include <stddef.h>
#include <string.h>

typedef struct named_color {
	const char *name;
	col_color color;
} named_color;

static const named_color palette[] = {
    {"red", {0.92f, 0.26f, 0.24f, 1.0f}},       {"green", {0.30f, 0.80f, 0.36f, 1.0f}},
    {"blue", {0.27f, 0.52f, 0.95f, 1.0f}},      {"orange", {1.00f, 0.60f, 0.15f, 1.0f}},
    {"yellow", {0.98f, 0.85f, 0.25f, 1.0f}},    {"cyan", {0.25f, 0.85f, 0.90f, 1.0f}},
    {"magenta", {0.88f, 0.35f, 0.85f, 1.0f}},   {"purple", {0.60f, 0.40f, 0.90f, 1.0f}},
    {"pink", {1.00f, 0.55f, 0.70f, 1.0f}},      {"brown", {0.60f, 0.42f, 0.25f, 1.0f}},
    {"white", {1.0f, 1.0f, 1.0f, 1.0f}},        {"black", {0.0f, 0.0f, 0.0f, 1.0f}},
    {"grey", {0.55f, 0.56f, 0.58f, 1.0f}},      {"gray", {0.55f, 0.56f, 0.58f, 1.0f}},
    {"lightgrey", {0.78f, 0.79f, 0.80f, 1.0f}}, {"lightgray", {0.78f, 0.79f, 0.80f, 1.0f}},
    {"darkgrey", {0.30f, 0.31f, 0.33f, 1.0f}},  {"darkgray", {0.30f, 0.31f, 0.33f, 1.0f}},
    {"transparent", {0.0f, 0.0f, 0.0f, 0.0f}},
};

static const char *const palette_names[] = {
    "red",       "green",     "blue",     "orange",   "yellow",      "cyan", "magenta",
    "purple",    "pink",      "brown",    "white",    "black",       "grey", "gray",
    "lightgrey", "lightgray", "darkgrey", "darkgray", "transparent", NULL,
};

const char *const *col_color_names(void)
{
	return palette_names;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)tolower((unsigned char)c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static bool parse_hex(const char *text, col_color *out)
{
	size_t length = strlen(text);
	if (length != 6 && length != 8)
		return false;
	float channels[4] = {0.0f, 0.0f, 0.0f, 1.0f};
	for (size_t i = 0; i < length; i += 2) {
		int high = hex_digit(text[i]), low = hex_digit(text[i + 1]);
		if (high < 0 || low < 0)
			return false;
		channels[i / 2] = (float)(high * 16 + low) / 255.0f;
	}
	*out = (col_color){channels[0], channels[1], channels[2], channels[3]};
	return true;
}

bool col_color_from_name(const char *name, col_color *out)
{
	if (name == NULL)
		return false;
	if (name[0] == '#')
		return parse_hex(name + 1, out);
	char lower[32];
	size_t i = 0;
	for (; name[i] != '\0' && i + 1 < sizeof lower; i++)
		lower[i] = (char)tolower((unsigned char)name[i]);
	if (name[i] != '\0')
		return false;
	lower[i] = '\0';
	for (size_t k = 0; k < sizeof palette / sizeof palette[0]; k++) {
		if (strcmp(palette[k].name, lower) == 0) {
			*out = palette[k].color;
			return true;
		}
	}
	return false;
}
