package jab.harness.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class TracesAtOnceTest {
    @Test
    void tracesComeBackInTheOrderAddedWhateverOrderTheyFinishIn() throws Exception {
        CountDownLatch secondDone = new CountDownLatch(1);
        List<String> made = new ArrayList<>();
        try (TracesAtOnce<String> traces = new TracesAtOnce<>()) {
            traces.add("first", () -> {
                // on one CPU the pool has one thread and the second has not started: do not wait for it
                if (TracesAtOnce.AT_ONCE > 1) {
                    assertThat(secondDone.await(10, TimeUnit.SECONDS)).isTrue();
                }
                return "a";
            });
            traces.add("second", () -> {
                secondDone.countDown();
                return "b";
            });
            traces.add("third", () -> "c");
            traces.forEach(made::add, (what, e) -> made.add("failed " + what));
        }
        assertThat(made).containsExactly("a", "b", "c");
    }

    @Test
    void aFailedTraceIsNamedWithItsCauseAndTheOthersGoOn() throws Exception {
        List<String> made = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        try (TracesAtOnce<String> traces = new TracesAtOnce<>()) {
            traces.add("FILE_EXISTS on JDK 17", () -> {
                throw new IOException("strace printed no summary");
            });
            traces.add("FILES_EXISTS on JDK 17", () -> "b");
            traces.forEach(made::add, (what, e) -> failed.add(what + ": " + e.getMessage()));
        }
        assertThat(made).containsExactly("b");
        assertThat(failed).containsExactly("FILE_EXISTS on JDK 17: strace printed no summary");
    }

    @Test
    void noMoreThanTwoRunAtOnce() throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        try (TracesAtOnce<Integer> traces = new TracesAtOnce<>()) {
            for (int i = 0; i < 6; i++) {
                traces.add("trace " + i, () -> {
                    most.accumulateAndGet(running.incrementAndGet(), Math::max);
                    Thread.sleep(20);
                    running.decrementAndGet();
                    return 1;
                });
            }
            traces.forEach(x -> { }, (what, e) -> { });
        }
        assertThat(most.get()).isBetween(1, 2).isLessThanOrEqualTo(TracesAtOnce.AT_ONCE);
    }
}
