package jab.mmap;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;

/**
 * Releases a mapping now instead of when the garbage collector finds its buffer unreachable. A
 * writer that remaps every window would otherwise keep gigabytes of stale mappings (and their
 * dirty page references) alive, and Windows would refuse to truncate the file.
 *
 * <p>JDK 9 to 25 all offer {@code sun.misc.Unsafe.invokeCleaner(ByteBuffer)} in the
 * {@code jdk.unsupported} module, which is exported to everyone, so no {@code --add-opens} is
 * needed; it is not one of the memory-access methods JDK 24 warns about. When it is missing (a
 * future JDK or another runtime) the fallback is to drop the reference and let the GC unmap.
 */
public final class Unmapper {
    private static final MethodHandle INVOKE_CLEANER = find();

    private Unmapper() {
    }

    private static MethodHandle find() {
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field f = unsafeClass.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            Object unsafe = f.get(null);
            return MethodHandles.lookup()
                    .findVirtual(unsafeClass, "invokeCleaner", MethodType.methodType(void.class, ByteBuffer.class))
                    .bindTo(unsafe);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** Whether {@link #unmap} releases mappings at once on this JVM (false: the GC does it later). */
    public static boolean prompt() {
        return INVOKE_CLEANER != null;
    }

    /** How this JVM releases mappings, for the results. */
    public static String method() {
        return prompt() ? "sun.misc.Unsafe.invokeCleaner" : "garbage collector (invokeCleaner unavailable)";
    }

    /** Unmaps a direct buffer (a mapping) now when the JVM allows it; the buffer must not be used after. */
    public static void unmap(ByteBuffer buffer) {
        if (buffer == null || !buffer.isDirect() || INVOKE_CLEANER == null) {
            return;
        }
        try {
            INVOKE_CLEANER.invokeExact(buffer);
        } catch (IllegalArgumentException e) {
            // a slice or duplicate: its parent owns the mapping; nothing to release here
        } catch (Throwable t) {
            throw new IllegalStateException("cannot unmap " + buffer, t);
        }
    }
}
