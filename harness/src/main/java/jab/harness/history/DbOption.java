package jab.harness.history;

import picocli.CommandLine.Option;

/** {@code --db}: which history; each subcommand of {@code jab history} takes it. */
public final class DbOption {
    @Option(names = "--db", paramLabel = "FILE|JDBC-URL",
            description = "the history: a SQLite file, or jdbc:postgresql://HOST/DB?user=U&password=P (default: "
                    + "results/history.db in the jab checkout, where jab run records)")
    String db;

    HistoryDb open() {
        return HistoryDb.open(db);
    }
}
