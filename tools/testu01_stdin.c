/* Run a TestU01 battery on 32-bit words read from standard input.
 *
 *     testu01_stdin SmallCrush|Crush|BigCrush NAME [TEST...] < words
 *
 * With TEST numbers (as the battery's report numbers them), only those
 * tests are run, through the battery's Repeat function: the way to test
 * again, on fresh numbers, a p-value that a whole run flagged.
 *
 * The words are read in native (little-endian) order, as
 * tools/stat_tests.py writes them.  Build against TestU01 1.2.3 (Debian's
 * libtestu01-0-dev and libtestu01-0-dev-common put its headers in
 * /usr/include/testu01):
 *
 *     cc -O2 -I/usr/include/testu01 -o testu01_stdin tools/testu01_stdin.c \
 *         -ltestu01 -ltestu01probdist -ltestu01mylib -lm
 *
 * (With the packages unpacked elsewhere, point -I at their include
 * directories and link their .a files, which need no library path at run
 * time.)
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

/* The Repeat functions read rep[i], how many times to run test i, for i
 * from 1 to the battery's number of tests (106 at most, in BigCrush); the
 * array is given room to spare. */
#define REP_SIZE 256

struct battery {
    const char *name;
    void (*run)(unif01_Gen *);
    void (*repeat)(unif01_Gen *, int rep[]);
    int tests;
};

static const struct battery batteries[] = {
    {"SmallCrush", bbattery_SmallCrush, bbattery_RepeatSmallCrush, 10},
    {"Crush", bbattery_Crush, bbattery_RepeatCrush, 96},
    {"BigCrush", bbattery_BigCrush, bbattery_RepeatBigCrush, 106},
};

static int usage(const char *program)
{
    fprintf(stderr, "usage: %s SmallCrush|Crush|BigCrush NAME [TEST...]\n",
            program);
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return usage(argv[0]);
    const struct battery *battery = NULL;
    for (size_t i = 0; i < sizeof batteries / sizeof batteries[0]; i++)
        if (strcmp(argv[1], batteries[i].name) == 0)
            battery = &batteries[i];
    if (battery == NULL) {
        fprintf(stderr, "unknown battery %s\n", argv[1]);
        return usage(argv[0]);
    }
    int rep[REP_SIZE] = {0};
    for (int i = 3; i < argc; i++) {
        char *end;
        long test = strtol(argv[i], &end, 10);
        if (*end != '\0' || test < 1 || test > battery->tests) {
            fprintf(stderr, "%s has tests 1 to %d, not %s\n",
                    battery->name, battery->tests, argv[i]);
            return 2;
        }
        rep[test] += 1;
    }
    unif01_Gen *gen = unif01_CreateExternGenBits(argv[2], next_word);
    if (argc == 3)
        battery->run(gen);
    else
        battery->repeat(gen, rep);
    unif01_DeleteExternGenBits(gen);
    return 0;
}
