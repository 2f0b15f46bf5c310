package jab.bench.mmap;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@code FileChannel.map(READ_WRITE, 0, total, arena)} and {@code MemorySegment.copy} (JDK 22+),
 * called through method handles so this jar stays at release 11. The handles are static finals, so
 * the JIT inlines them like direct calls. On older JDKs the first use throws
 * {@link UnsupportedOperationException}.
 */
final class MappedSegments {
    private static final MethodHandle OF_CONFINED;   // () -> Arena
    private static final MethodHandle CLOSE;         // (Arena) -> void
    private static final MethodHandle MAP;           // (FileChannel, MapMode, long, long, Arena) -> MemorySegment
    private static final MethodHandle COPY;          // (byte[], int, MemorySegment, long, int) -> void
    private static final MethodHandle FORCE;         // (MemorySegment) -> void

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.publicLookup();
            Class<?> arena = Class.forName("java.lang.foreign.Arena");
            Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
            Class<?> valueLayout = Class.forName("java.lang.foreign.ValueLayout");
            Class<?> ofByte = Class.forName("java.lang.foreign.ValueLayout$OfByte");
            Object javaByte = l.findStaticGetter(valueLayout, "JAVA_BYTE", ofByte).invoke();
            OF_CONFINED = l.findStatic(arena, "ofConfined", MethodType.methodType(arena))
                    .asType(MethodType.methodType(Object.class));
            CLOSE = l.findVirtual(arena, "close", MethodType.methodType(void.class))
                    .asType(MethodType.methodType(void.class, Object.class));
            MAP = l.findVirtual(FileChannel.class, "map", MethodType.methodType(segment, FileChannel.MapMode.class,
                    long.class, long.class, arena))
                    .asType(MethodType.methodType(Object.class, FileChannel.class, FileChannel.MapMode.class,
                            long.class, long.class, Object.class));
            MethodHandle copy = l.findStatic(segment, "copy", MethodType.methodType(void.class, Object.class, int.class,
                    segment, valueLayout, long.class, int.class));
            COPY = MethodHandles.insertArguments(copy, 3, javaByte)
                    .asType(MethodType.methodType(void.class, byte[].class, int.class, Object.class, long.class, int.class));
            FORCE = l.findVirtual(segment, "force", MethodType.methodType(void.class))
                    .asType(MethodType.methodType(void.class, Object.class));
        } catch (Throwable t) {
            throw new UnsupportedOperationException("MemorySegment file mappings need JDK 22+, this is "
                    + System.getProperty("java.version"), t);
        }
    }

    private MappedSegments() {
    }

    static long write(Path file, byte[] chunk, long total, boolean force) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            Object arena = OF_CONFINED.invokeExact();
            try {
                Object seg = MAP.invokeExact(ch, FileChannel.MapMode.READ_WRITE, 0L, total, arena);
                long pos = 0;
                for (; total - pos >= chunk.length; pos += chunk.length) {
                    COPY.invokeExact(chunk, 0, seg, pos, chunk.length);
                }
                COPY.invokeExact(chunk, 0, seg, pos, (int) (total - pos));
                if (force) {
                    FORCE.invokeExact(seg);
                }
            } finally {
                CLOSE.invokeExact(arena); // unmaps now
            }
            return ch.size();
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
