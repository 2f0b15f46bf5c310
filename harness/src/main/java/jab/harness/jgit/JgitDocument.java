package jab.harness.jgit;

import java.util.List;
import java.util.Map;

/**
 * What the jgit family measured before JMH (jgit.json): the syscalls of one insert per JDK and
 * existence check, and what each check answers on the paths where they differ, per JDK, as
 * {@code jab semantics fs} finds it.
 *
 * @param traces    empty without strace
 * @param semantics JDK id -> case (fs's FsSemantics.Case) -> check -> answer
 */
record JgitDocument(List<InsertTrace> traces, Map<String, Map<String, Map<String, String>>> semantics) {
    static final String NAME = "jgit";
}
