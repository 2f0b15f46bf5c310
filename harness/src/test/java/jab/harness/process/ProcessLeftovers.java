package jab.harness.process;

import java.util.List;
import java.util.stream.Collectors;

/** Processes a test must not leave behind. */
final class ProcessLeftovers {
    private ProcessLeftovers() {
    }

    /** Live descendants of this JVM, as "pid command". */
    static List<String> childrenOfThisJvm() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).map(ProcessLeftovers::describe)
                .collect(Collectors.toList());
    }

    /** Live processes of this user whose command line contains {@code text}. */
    static List<String> matching(String text) {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(h -> h.info().commandLine().map(c -> c.contains(text)).orElse(false))
                .map(ProcessLeftovers::describe).collect(Collectors.toList());
    }

    private static String describe(ProcessHandle h) {
        return h.pid() + " " + h.info().commandLine().orElse("?");
    }
}
