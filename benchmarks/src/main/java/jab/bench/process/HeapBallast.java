package jab.bench.process;

/** Touched heap memory: chunks of byte arrays with every page written, so the kernel maps them all. */
final class HeapBallast {
    private static final int CHUNK = 16 << 20;
    private static final int PAGE = 4096;

    private HeapBallast() {
    }

    static byte[][] touch(int mebibytes) {
        long want = (long) mebibytes << 20;
        long room = Runtime.getRuntime().maxMemory();
        if (want > room - (room >> 3)) {
            throw new IllegalStateException("touchedHeapMb=" + mebibytes + " does not fit this fork's max heap of "
                    + (room >> 20) + " MiB; give the forks more with --jvm-args \"-Xmx" + (mebibytes + 512) + "m\"");
        }
        int chunks = (int) ((want + CHUNK - 1) / CHUNK);
        byte[][] held = new byte[chunks][];
        for (int c = 0; c < chunks; c++) {
            held[c] = new byte[CHUNK];
            for (int i = 0; i < CHUNK; i += PAGE) {
                held[c][i] = 1;
            }
        }
        return held;
    }
}
