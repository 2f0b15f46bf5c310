package jab.fork;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * The class loader of one variant of an interleaved fork: child first over the benchmarks' class path,
 * so each variant has classes of its own, and JMH's runtime (and this package) from the parent.
 *
 * <p>Why each variant needs its own classes: JMH keeps a {@code @State(Scope.Benchmark)} object in a
 * static field of the generated class, so two param values of one method would share one object in one
 * JVM; and a benchmark's own statics (a cache, a singleton) would be shared the same way. Loaded apart,
 * the variants are as separate as in two forks, but for what the JVM itself shares: the JDK's classes,
 * the JIT's compile queue, the heap and the machine's moment, which is the point of interleaving.
 * JMH's classes must be the parent's: the fork's driver and every variant talk through JMH's
 * {@code InfraControl}, {@code ThreadParams} and {@code BenchmarkTaskResult}, and {@code jab.fork}
 * holds what must exist once per JVM (a JNI library can be bound to one class loader only).
 */
final class VariantLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    VariantLoader(String name, URL[] urls, ClassLoader parent) {
        super(name, urls, parent);
    }

    /** JDK classes, JMH's runtime and jab's fork helpers come from the parent; JMH's samples and generated code do not. */
    static boolean parentFirst(String name) {
        if (name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.") || name.startsWith("sun.")
                || name.startsWith("com.sun.") || name.startsWith("jab.fork.")) {
            return true;
        }
        return name.startsWith("org.openjdk.jmh.") && !name.contains(".jmh_generated.") && !name.startsWith("org.openjdk.jmh.samples.");
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (parentFirst(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try {
                    c = findClass(name);
                } catch (ClassNotFoundException e) {
                    c = getParent().loadClass(name);
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    public URL getResource(String name) {
        URL own = findResource(name);
        return own != null ? own : super.getResource(name);
    }
}
