package jab.harness.fs;

import java.util.List;
import java.util.Map;

/**
 * fs-semantics.json: what each existence check answered on each JDK of the run.
 *
 * @param semantics JDK id -> case name (FsSemantics.Case) -> check name (ExistenceCheck) -> the answer
 *                  (true, false, or an exception's class)
 * @param notes     format 1 kept the fs notes here; later runs keep notes in env.json, and this is empty
 */
record FsSemanticsDocument(Map<String, Map<String, Map<String, String>>> semantics, List<String> notes) {
    static final String NAME = "fs-semantics";

    FsSemanticsDocument {
        notes = notes == null ? List.of() : notes;
    }
}
