package jab.mmap;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * One mapped window of a file and the way to release it now. On JDK 22+ the window is a
 * MemorySegment mapped in its own shared {@code Arena} and seen as a ByteBuffer; closing the arena
 * unmaps it, through a supported API. Before JDK 22 it is a plain MappedByteBuffer released with
 * {@link Unmapper} ({@code Unsafe.invokeCleaner}, which JDK 24+ would warn about). The FFM calls go
 * through method handles so this module stays at release 11.
 */
final class Mapping {
    private static final Arenas ARENAS = Arenas.find();

    final ByteBuffer buffer;
    private final Object arena;

    private Mapping(ByteBuffer buffer, Object arena) {
        this.buffer = buffer;
        this.arena = arena;
    }

    static Mapping map(FileChannel channel, long position, int size) throws IOException {
        if (ARENAS == null) {
            return new Mapping(channel.map(FileChannel.MapMode.READ_WRITE, position, size), null);
        }
        try {
            Object arena = ARENAS.ofShared.invokeExact();
            try {
                Object segment = ARENAS.map.invokeExact(channel, FileChannel.MapMode.READ_WRITE, position, (long) size, arena);
                return new Mapping((ByteBuffer) ARENAS.asByteBuffer.invokeExact(segment), arena);
            } catch (Throwable t) {
                ARENAS.close.invokeExact(arena);
                throw t;
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IOException(t);
        }
    }

    /** Unmaps now (or, without any prompt way on this JVM, leaves it to the GC); the buffer is dead after. */
    void release() {
        if (arena == null) {
            Unmapper.unmap(buffer);
            return;
        }
        try {
            ARENAS.close.invokeExact(arena);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** How windows are released on this JVM, for results and tests. */
    static String method() {
        return ARENAS != null ? "Arena.close (JDK 22+ FileChannel.map with an Arena)" : Unmapper.method();
    }

    static boolean prompt() {
        return ARENAS != null || Unmapper.prompt();
    }

    /** The JDK 22+ handles, or null before JDK 22 (java.lang.foreign is final from 22 on). */
    private static final class Arenas {
        final MethodHandle ofShared;     // () -> Arena
        final MethodHandle close;        // (Arena) -> void
        final MethodHandle map;          // (FileChannel, MapMode, long, long, Arena) -> MemorySegment
        final MethodHandle asByteBuffer; // (MemorySegment) -> ByteBuffer

        private Arenas(MethodHandles.Lookup l, Class<?> arena, Class<?> segment) throws ReflectiveOperationException {
            ofShared = l.findStatic(arena, "ofShared", MethodType.methodType(arena)).asType(MethodType.methodType(Object.class));
            close = l.findVirtual(arena, "close", MethodType.methodType(void.class))
                    .asType(MethodType.methodType(void.class, Object.class));
            map = l.findVirtual(FileChannel.class, "map", MethodType.methodType(segment, FileChannel.MapMode.class,
                    long.class, long.class, arena)).asType(MethodType.methodType(Object.class, FileChannel.class,
                    FileChannel.MapMode.class, long.class, long.class, Object.class));
            asByteBuffer = l.findVirtual(segment, "asByteBuffer", MethodType.methodType(ByteBuffer.class))
                    .asType(MethodType.methodType(ByteBuffer.class, Object.class));
        }

        static Arenas find() {
            if (Runtime.version().feature() < 22) {
                return null;
            }
            try {
                return new Arenas(MethodHandles.publicLookup(), Class.forName("java.lang.foreign.Arena"),
                        Class.forName("java.lang.foreign.MemorySegment"));
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }
    }
}
