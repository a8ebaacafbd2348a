// libvterm's parser + screen layer on the same bytes as veil-bench: feeds FILE in 64 KiB
// chunks to a fresh VTerm screen RUNS times and prints the median MB/s (wall and thread CPU).
//   cc -O2 vterm-bench.c -lvterm -o vterm-bench && ./vterm-bench FILE COLS ROWS RUNS
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <vterm.h>

static double now(clockid_t id) { struct timespec t; clock_gettime(id, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: vterm-bench FILE COLS ROWS RUNS\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    fseek(f, 0, SEEK_END); long size = ftell(f); fseek(f, 0, SEEK_SET);
    char *bytes = malloc(size);
    if (fread(bytes, 1, size, f) != (size_t)size) return 2;
    int cols = atoi(argv[2]), rows = atoi(argv[3]), runs = atoi(argv[4]);
    double *wall = calloc(runs, sizeof *wall), *cpu = calloc(runs, sizeof *cpu);
    for (int r = -1; r < runs; r++) {  // r == -1: warm-up
        double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_THREAD_CPUTIME_ID);
        VTerm *vt = vterm_new(rows, cols);
        vterm_set_utf8(vt, 1);
        VTermScreen *screen = vterm_obtain_screen(vt);
        vterm_screen_reset(screen, 1);
        for (long off = 0; off < size; off += 65536)
            vterm_input_write(vt, bytes + off, size - off < 65536 ? size - off : 65536);
        vterm_free(vt);
        if (r >= 0) { wall[r] = now(CLOCK_MONOTONIC) - w0; cpu[r] = now(CLOCK_THREAD_CPUTIME_ID) - c0; }
    }
    qsort(wall, runs, sizeof *wall, cmp); qsort(cpu, runs, sizeof *cpu, cmp);
    printf("mb_per_s %.3f cpu_mb_per_s %.3f\n", size / wall[runs / 2] / 1e6, size / cpu[runs / 2] / 1e6);
    return 0;
}
