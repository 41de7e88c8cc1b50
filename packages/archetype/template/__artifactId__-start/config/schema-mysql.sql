-- MySQL and MariaDB schema, run at start-up when sql.init.mode is "always".
DROP TABLE IF EXISTS sys_user;

CREATE TABLE sys_user (
  id INT AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(64) NOT NULL,
  age INT NOT NULL
);

INSERT INTO sys_user (name, age) VALUES ('alice', 20);
INSERT INTO sys_user (name, age) VALUES ('bob', 30);
