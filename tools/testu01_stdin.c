/* Run a TestU01 battery on 32-bit words read from standard input.
 *
 *     testu01_stdin SmallCrush|Crush|BigCrush NAME < words
 *
 * The words are read in native (little-endian) order, as
 * tools/stat_tests.py writes them.  Build against TestU01 1.2.3:
 *
 *     cc -O2 -o testu01_stdin tools/testu01_stdin.c \
 *         -ltestu01 -ltestu01probdist -ltestu01mylib -lm
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bbattery.h>
#include <unif01.h>

#define BUFFER_WORDS (1u << 16)

static uint32_t buffer[BUFFER_WORDS];
static size_t filled = 0, next = 0;

static unsigned int next_word(void)
{
    if (next == filled) {
        filled = fread(buffer, sizeof buffer[0], BUFFER_WORDS, stdin);
        next = 0;
        if (filled == 0) {
            fprintf(stderr, "testu01_stdin: input ended\n");
            exit(2);
        }
    }
    return buffer[next++];
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s SmallCrush|Crush|BigCrush NAME\n",
                argv[0]);
        return 2;
    }
    unif01_Gen *gen = unif01_CreateExternGenBits(argv[2], next_word);
    if (strcmp(argv[1], "SmallCrush") == 0)
        bbattery_SmallCrush(gen);
    else if (strcmp(argv[1], "Crush") == 0)
        bbattery_Crush(gen);
    else if (strcmp(argv[1], "BigCrush") == 0)
        bbattery_BigCrush(gen);
    else {
        fprintf(stderr, "unknown battery %s\n", argv[1]);
        return 2;
    }
    unif01_DeleteExternGenBits(gen);
    return 0;
}
