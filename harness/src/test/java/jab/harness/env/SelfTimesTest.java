package jab.harness.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;

class SelfTimesTest {
    @Test
    void aChildThatSpinsForCpuTimeAddsItOnceItHasExited() throws Exception {
        Optional<SelfTimes> before = SelfTimes.read();
        assumeTrue(before.isPresent(), "Linux /proc/self/stat");
        // a shell loop, builtins only (no child of its own), that spins until its own utime + stime reach 0.3 s
        Result r = Subprocess.of(List.of("sh", "-c",
                        "while :; do read -r l < /proc/$$/stat; set -- $l; [ $((${14} + ${15})) -ge 30 ] && exit 0; done"))
                .named("spinner").timeout(Duration.ofSeconds(60)).run();
        assertThat(r.ok()).isTrue();
        long spent = (SelfTimes.read().orElseThrow().reapedChildren() - before.get().reapedChildren()) * SelfTimes.NANOS_PER_TICK;
        assertThat(spent).isGreaterThanOrEqualTo(Duration.ofMillis(300).toNanos()).isLessThan(Duration.ofSeconds(30).toNanos());
    }
}
