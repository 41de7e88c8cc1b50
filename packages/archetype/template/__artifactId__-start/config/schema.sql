-- The embedded (SQLite) schema, run at start-up while sql.init.mode is "embedded".
-- PostgreSQL and MySQL read schema-postgres.sql and schema-mysql.sql instead.
DROP TABLE IF EXISTS sys_user;

CREATE TABLE sys_user (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name VARCHAR(64) NOT NULL,
  age INTEGER NOT NULL
);

INSERT INTO sys_user (name, age) VALUES ('alice', 20);
INSERT INTO sys_user (name, age) VALUES ('bob', 30);
