package jab.mmap;

/**
 * When a {@link MappedFileWriter} asks the kernel to write its pages to the device. Without force
 * the data sits in the page cache and a benchmark measures memory; with it, the device.
 */
public final class ForcePolicy {
    private static final ForcePolicy NEVER = new ForcePolicy(0, false);
    private static final ForcePolicy ON_CLOSE = new ForcePolicy(0, true);

    private final long everyBytes;
    private final boolean onClose;

    private ForcePolicy(long everyBytes, boolean onClose) {
        this.everyBytes = everyBytes;
        this.onClose = onClose;
    }

    /** Leave write-back to the kernel: close returns with the data in the page cache. */
    public static ForcePolicy never() {
        return NEVER;
    }

    /** One force at close, after the last byte: the file is on the device when close returns. */
    public static ForcePolicy onClose() {
        return ON_CLOSE;
    }

    /** A force each time at least {@code bytes} were written since the last one, and one at close. */
    public static ForcePolicy everyBytes(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("force interval must be > 0 bytes, was " + bytes);
        }
        return new ForcePolicy(bytes, true);
    }

    /** The interval of {@link #everyBytes}, or 0 when the policy does not force while writing. */
    public long everyBytes() {
        return everyBytes;
    }

    public boolean forcesOnClose() {
        return onClose;
    }

    @Override
    public String toString() {
        return everyBytes > 0 ? "every " + everyBytes + " bytes" : onClose ? "on close" : "never";
    }
}
