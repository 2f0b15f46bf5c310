package jab.harness.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import jab.bench.fs.ExistenceCheck;
import jab.harness.trace.SyscallCount;

/** With synthetic traces: a JVM figure is divided only by the C call making the same syscall, or by nothing. */
class FsPairingTest {
    private static final String MISSING = "missingFile";

    /** A trace making {@code calls} of one syscall per operation, failing, with the given symlink flag on the path. */
    private static FsSyscallsDocument.Trace trace(String jdk, String check, String syscall, boolean noFollow, double calls) {
        return new FsSyscallsDocument.Trace(jdk, check, MISSING, List.of(new SyscallCount.PerOperation(syscall, calls, calls)),
                List.of(new FsSyscallsDocument.PathCall(syscall, noFollow, calls)), Map.of());
    }

    /** This machine's glibc makes stat and lstat the same syscall: only the flag tells them apart. */
    private static final List<FsSyscallsDocument.Trace> FLOORS = List.of(
            trace("C", "stat", "newfstatat", false, 1),
            trace("C", "lstat", "newfstatat", true, 1),
            trace("C", "statx", "statx", false, 1),
            trace("C", "statx_nofollow", "statx", true, 1),
            trace("C", "access", "access", false, 1));

    private static Optional<String> partnerOf(FsSyscallsDocument.Trace jvm) {
        List<FsSyscallsDocument.Trace> all = new ArrayList<>(FLOORS);
        all.add(jvm);
        return FsPairing.partner(new FsSyscallsDocument(all, List.of()), jvm.jdk(), jvm.check(), MISSING);
    }

    @Test
    void eachJvmTraceGetsTheCCallOfTheSameSyscallAndFlag() {
        assertThat(partnerOf(trace("17", "FILES_EXISTS", "access", false, 1.02))).contains("access");
        assertThat(partnerOf(trace("17", "FILES_EXISTS_NOFOLLOW", "newfstatat", true, 0.98))).contains("lstat");
        assertThat(partnerOf(trace("17", "FILE_EXISTS", "newfstatat", false, 1))).contains("stat");
        assertThat(partnerOf(trace("25", "FILES_EXISTS_NOFOLLOW", "statx", true, 1))).contains("statx_nofollow");
        assertThat(partnerOf(trace("25", "FILES_IS_REGULAR_FILE", "statx", false, 1))).contains("statx");
    }

    /** Every pairing, for every API and traced syscall: the floor's syscall and flag are the JVM's own. */
    @Test
    void noJvmTraceIsEverPairedWithADifferentCall() {
        for (ExistenceCheck api : ExistenceCheck.values()) {
            for (String syscall : List.of("access", "newfstatat", "statx", "faccessat2", "lstat")) {
                for (boolean noFollow : new boolean[] {false, true}) {
                    FsSyscallsDocument.Trace jvm = trace("21", api.name(), syscall, noFollow, 1);
                    Optional<String> floor = partnerOf(jvm);
                    floor.ifPresent(call -> {
                        FsSyscallsDocument.Trace c = FLOORS.stream().filter(f -> f.check().equals(call)).findFirst().orElseThrow();
                        assertThat(c.syscalls().get(0).syscall()).as(api + " " + syscall).isEqualTo(syscall);
                        assertThat(c.onPath().get(0).noFollow()).as(api + " " + syscall).isEqualTo(noFollow);
                    });
                    // a syscall no C floor makes has no floor at all
                    if (syscall.equals("faccessat2") || syscall.equals("lstat")) {
                        assertThat(floor).as(api + " " + syscall).isEmpty();
                    }
                }
            }
        }
    }

    @Test
    void moreThanOneSyscallPerCheckOrNoTraceMeansNoRatio() {
        FsSyscallsDocument.Trace two = new FsSyscallsDocument.Trace("17", "FILES_READ_ATTRIBUTES", MISSING,
                List.of(new SyscallCount.PerOperation("newfstatat", 2, 2)), List.of(new FsSyscallsDocument.PathCall("newfstatat", false, 2)),
                Map.of());
        assertThat(partnerOf(two)).isEmpty();
        FsSyscallsDocument.Trace plusFutex = new FsSyscallsDocument.Trace("17", "FILES_EXISTS", MISSING,
                List.of(new SyscallCount.PerOperation("access", 1, 1), new SyscallCount.PerOperation("futex", 0.5, 0)),
                List.of(new FsSyscallsDocument.PathCall("access", false, 1)), Map.of());
        assertThat(partnerOf(plusFutex)).isEmpty();
        assertThat(FsPairing.partner(new FsSyscallsDocument(FLOORS, List.of()), "17", "FILES_EXISTS", MISSING)).isEmpty();
        // the random scenario takes the single file's trace; another JDK's trace is not this one's
        List<FsSyscallsDocument.Trace> traces = new ArrayList<>(FLOORS);
        traces.add(trace("17", "FILES_EXISTS", "access", false, 1));
        FsSyscallsDocument doc = new FsSyscallsDocument(traces, List.of());
        assertThat(FsPairing.partner(doc, "17", "FILES_EXISTS", "randomMissingFiles")).contains("access");
        assertThat(FsPairing.partner(doc, "25", "FILES_EXISTS", MISSING)).isEmpty();
    }

    @Test
    void exceptionsCountedPerThrowNotPerLoggedFrame() {
        List<String> once = List.of(
                "Exception <a 'sun/nio/fs/UnixException'{0x00000000ffe00010}> (0x00000000ffe00010) ",
                "thrown [src/hotspot/share/prims/jni.cpp, line 600]",
                "Exception <a 'java/nio/file/NoSuchFileException'{0x00000000ffe00100}: /tmp/m (x)> (0x00000000ffe00100) ",
                "thrown in interpreter method <{method} {0x1} 'translateToIOException'>",
                "Exception <a 'java/nio/file/NoSuchFileException'{0x00000000ffe00100}: /tmp/m (x)> (0x00000000ffe00100) ",
                "thrown in interpreter method <{method} {0x2} 'rethrowAsIOException'>");
        List<String> twice = new ArrayList<>(once);
        twice.addAll(once.stream().map(l -> l.replace("ffe00", "ffe01")).toList());
        assertThat(ExceptionLog.count(once)).containsEntry("java.nio.file.NoSuchFileException", 1L)
                .containsEntry("sun.nio.fs.UnixException", 1L);
        assertThat(ExceptionLog.perOperation(once, twice, 1)).containsEntry("java.nio.file.NoSuchFileException", 1.0);
    }
}
