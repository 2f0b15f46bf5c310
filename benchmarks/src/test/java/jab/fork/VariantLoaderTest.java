package jab.fork;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** What each variant of an interleaved fork loads for itself and what all of them share. */
class VariantLoaderTest {

    @Test
    void jdkJmhRuntimeAndForkHelpersAreSharedBenchmarksAndGeneratedCodeAreNot() {
        assertThat(VariantLoader.parentFirst("java.io.File")).isTrue();
        assertThat(VariantLoader.parentFirst("org.openjdk.jmh.infra.Blackhole")).isTrue();
        assertThat(VariantLoader.parentFirst("org.openjdk.jmh.runner.InfraControl")).isTrue();
        assertThat(VariantLoader.parentFirst("jab.fork.Syscalls")).isTrue();
        assertThat(VariantLoader.parentFirst("jab.bench.fs.FileExistsBenchmark")).isFalse();
        assertThat(VariantLoader.parentFirst("jab.bench.fs.jmh_generated.FileExistsBenchmark_missingFile_jmhTest")).isFalse();
        assertThat(VariantLoader.parentFirst("org.openjdk.jmh.samples.JMHSample_01_HelloWorld")).isFalse();
        assertThat(VariantLoader.parentFirst("org.openjdk.jmh.samples.jmh_generated.JMHSample_01_HelloWorld_jmhTest")).isFalse();
    }

    /** Two variants' loaders over the same class path: each defines its own copy of a benchmark class (and its statics). */
    @Test
    void eachVariantDefinesItsOwnBenchmarkClasses() throws Exception {
        URL classes = Path.of(jab.bench.fs.ExistenceCheck.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toUri().toURL();
        ClassLoader parent = VariantLoaderTest.class.getClassLoader();
        try (VariantLoader a = new VariantLoader("a", new URL[] {classes}, parent);
             VariantLoader b = new VariantLoader("b", new URL[] {classes}, parent)) {
            Class<?> ca = a.loadClass("jab.bench.fs.ExistenceCheck");
            Class<?> cb = b.loadClass("jab.bench.fs.ExistenceCheck");
            assertThat(ca).isNotSameAs(cb).isNotSameAs(jab.bench.fs.ExistenceCheck.class);
            assertThat(ca.getClassLoader()).isSameAs(a);
            assertThat(a.loadClass("jab.fork.Syscalls")).isSameAs(b.loadClass("jab.fork.Syscalls"));
            assertThat(a.loadClass("org.openjdk.jmh.infra.Blackhole")).isSameAs(org.openjdk.jmh.infra.Blackhole.class);
        }
    }
}
