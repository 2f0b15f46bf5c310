package jab.harness.run.jmh;

import java.io.File;
import java.lang.reflect.Field;
import java.util.Collection;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.Options;

import jab.harness.family.BenchmarkSource;

/**
 * A JMH Runner over benchmarks that are not on jab's class path ({@link BenchmarkSource}). JMH 1.37
 * offers no way in: the Runner reads META-INF/BenchmarkList from its own class loader and gives each
 * fork the host's {@code java.class.path}. So the runner's list is replaced (the one private field
 * JMH reads it from), and {@code java.class.path} names the source's fork class path while JMH runs;
 * the host's own class loader never reads that property again, so only the forks see it.
 */
final class SourceRunner {
    private static final String CLASS_PATH = "java.class.path";

    private SourceRunner() {
    }

    /** Runs JMH; one at a time, since the class path property is the whole JVM's. */
    static synchronized Collection<RunResult> run(Options options, OutputFormat format, BenchmarkSource source) throws RunnerException {
        Runner runner = new Runner(options, format);
        useList(runner, source.list());
        String hostPath = System.getProperty(CLASS_PATH);
        System.setProperty(CLASS_PATH, String.join(File.pathSeparator, source.forkClasspath()));
        try {
            return runner.run();
        } finally {
            System.setProperty(CLASS_PATH, hostPath);
        }
    }

    private static void useList(Runner runner, BenchmarkList list) {
        try {
            Field f = Runner.class.getDeclaredField("list");
            f.setAccessible(true);
            f.set(runner, list);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this JMH's Runner keeps its benchmark list elsewhere; jab cannot run other benchmarks with it", e);
        }
    }
}
