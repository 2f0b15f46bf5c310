package jab.bench.fs;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.nio.file.Path;

/**
 * access(2) and stat(2) called through the Foreign Function API (JDK 22+), for the native baseline
 * inside the JVM. The benchmarks are compiled for release 11, so the FFM classes are reached by
 * reflection, once, in setup; the measured call is a plain {@code invokeExact} on a downcall handle
 * whose MemorySegment parameter is seen as Object (asType inserts only a cast).
 */
final class FfmFileCheck {
    /** F_OK for access(2). */
    private static final int F_OK = 0;
    /** Larger than struct stat on every 64-bit Linux ABI (144 bytes on x86_64, 128 on aarch64). */
    private static final long STAT_BUFFER = 256;

    private final MethodHandle call; // (Object path, Object-or-int second) -> int
    private final boolean stat;
    private final Object statBuffer;
    private final Object arena;
    private final Class<?> arenaInterface;

    private FfmFileCheck(MethodHandle call, boolean stat, Object statBuffer, Object arena, Class<?> arenaInterface) {
        this.call = call;
        this.stat = stat;
        this.statBuffer = statBuffer;
        this.arena = arena;
        this.arenaInterface = arenaInterface;
    }

    static boolean available() {
        return Runtime.version().feature() >= 22;
    }

    /** A checker for "access" or "stat" that keeps its C strings in one confined arena. */
    static FfmFileCheck create(String function) throws ReflectiveOperationException {
        if (!available()) {
            throw new UnsupportedOperationException("the Foreign Function API needs JDK 22+, this is " + Runtime.version());
        }
        boolean isStat = function.equals("stat");
        Class<?> linkerC = Class.forName("java.lang.foreign.Linker");
        Class<?> layoutC = Class.forName("java.lang.foreign.MemoryLayout");
        Class<?> descC = Class.forName("java.lang.foreign.FunctionDescriptor");
        Class<?> valueLayoutC = Class.forName("java.lang.foreign.ValueLayout");
        Class<?> segmentC = Class.forName("java.lang.foreign.MemorySegment");
        Class<?> arenaC = Class.forName("java.lang.foreign.Arena");
        Class<?> optionC = Class.forName("java.lang.foreign.Linker$Option");

        Object linker = linkerC.getMethod("nativeLinker").invoke(null);
        Object lookup = linkerC.getMethod("defaultLookup").invoke(linker);
        // Methods are taken from the public interfaces: the implementation classes are not exported.
        Class<?> symbolLookupC = Class.forName("java.lang.foreign.SymbolLookup");
        Object symbol = ((java.util.Optional<?>) symbolLookupC.getMethod("find", String.class).invoke(lookup, function))
                .orElseThrow(() -> new IllegalStateException("no symbol " + function + " in the C library"));
        Object jint = valueLayoutC.getField("JAVA_INT").get(null);
        Object address = valueLayoutC.getField("ADDRESS").get(null);
        Object layouts = Array.newInstance(layoutC, 2);
        Array.set(layouts, 0, address);
        Array.set(layouts, 1, isStat ? address : jint);
        Object descriptor = descC.getMethod("of", layoutC, layouts.getClass()).invoke(null, jint, layouts);
        Method downcall = linkerC.getMethod("downcallHandle", segmentC, descC, Array.newInstance(optionC, 0).getClass());
        MethodHandle handle = (MethodHandle) downcall.invoke(linker, symbol, descriptor, Array.newInstance(optionC, 0));
        MethodHandle call = handle.asType(MethodType.methodType(int.class, Object.class, isStat ? Object.class : int.class));

        Object arena = arenaC.getMethod("ofConfined").invoke(null);
        Object buffer = isStat ? arenaC.getMethod("allocate", long.class).invoke(arena, STAT_BUFFER) : null;
        return new FfmFileCheck(call, isStat, buffer, arena, arenaC);
    }

    /** The path as a NUL-terminated C string in this checker's arena. */
    Object cString(Path path) throws ReflectiveOperationException {
        return arenaInterface.getMethod("allocateFrom", String.class).invoke(arena, path.toString());
    }

    Object[] cStrings(Path[] paths) throws ReflectiveOperationException {
        Object[] out = new Object[paths.length];
        for (int i = 0; i < paths.length; i++) {
            out[i] = cString(paths[i]);
        }
        return out;
    }

    /** True when the call succeeds, i.e. the path exists (following links, as stat and access do). */
    boolean exists(Object cPath) throws Throwable {
        return (stat ? (int) call.invokeExact(cPath, statBuffer) : (int) call.invokeExact(cPath, F_OK)) == 0;
    }

    void close() throws ReflectiveOperationException {
        arenaInterface.getMethod("close").invoke(arena);
    }

}
