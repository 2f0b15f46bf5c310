-- jab history, schema 1. Written for SQLite and PostgreSQL alike: text keys (no auto-increment, whose
-- syntax differs), DOUBLE PRECISION and INTEGER only. A run is keyed by its identity (host and the
-- timestamp env.json was stamped with), so a run recorded twice is recorded once.
CREATE TABLE runs (
    run_key       VARCHAR(200) PRIMARY KEY,
    code_commit   VARCHAR(100) NOT NULL,
    code          VARCHAR(300) NOT NULL,
    run_time      VARCHAR(40)  NOT NULL,
    machine       VARCHAR(20)  NOT NULL,
    machine_label VARCHAR(500) NOT NULL,
    host          VARCHAR(200) NOT NULL,
    profile       VARCHAR(40)  NOT NULL,
    command       VARCHAR(2000) NOT NULL,
    jab_version   VARCHAR(100) NOT NULL,
    band          DOUBLE PRECISION NOT NULL,
    source        VARCHAR(1000) NOT NULL,
    recorded_at   VARCHAR(40)  NOT NULL
);
CREATE INDEX runs_by_machine ON runs (machine, run_time);

CREATE TABLE run_jdks (
    run_key VARCHAR(200) NOT NULL REFERENCES runs (run_key) ON DELETE CASCADE,
    jdk     VARCHAR(100) NOT NULL,
    build   VARCHAR(200) NOT NULL,
    vendor  VARCHAR(200) NOT NULL,
    PRIMARY KEY (run_key, jdk)
);

-- score(a) / score(b) of one question (params held fixed) on one JDK in one run
CREATE TABLE ratios (
    run_key          VARCHAR(200) NOT NULL REFERENCES runs (run_key) ON DELETE CASCADE,
    question         VARCHAR(500) NOT NULL,
    fixed            VARCHAR(500) NOT NULL,
    jdk              VARCHAR(100) NOT NULL,
    a                VARCHAR(200) NOT NULL,
    b                VARCHAR(200) NOT NULL,
    family           VARCHAR(100) NOT NULL,
    answer           INTEGER      NOT NULL,
    higher_is_better INTEGER      NOT NULL,
    ratio            DOUBLE PRECISION NOT NULL,
    low              DOUBLE PRECISION NOT NULL,
    high             DOUBLE PRECISION NOT NULL,
    forks            INTEGER      NOT NULL,
    interval_over    VARCHAR(40)  NOT NULL,
    verdict          VARCHAR(40)  NOT NULL,
    PRIMARY KEY (run_key, question, fixed, jdk, a, b)
);

-- each variant's interleaved score: the mean of its forks' slice means
CREATE TABLE scores (
    run_key  VARCHAR(200) NOT NULL REFERENCES runs (run_key) ON DELETE CASCADE,
    question VARCHAR(500) NOT NULL,
    fixed    VARCHAR(500) NOT NULL,
    jdk      VARCHAR(100) NOT NULL,
    variant  VARCHAR(200) NOT NULL,
    name     VARCHAR(300) NOT NULL,
    unit     VARCHAR(40)  NOT NULL,
    score    DOUBLE PRECISION NOT NULL,
    forks    INTEGER      NOT NULL,
    PRIMARY KEY (run_key, question, fixed, jdk, variant)
);
