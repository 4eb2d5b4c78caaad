CREATE TABLE "exam_board" (
	"exam_id" uuid NOT NULL,
	"exam_version" integer NOT NULL,
	"takers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_board_pk" PRIMARY KEY("exam_id","exam_version")
);
--> statement-breakpoint
ALTER TABLE "exam_board" ADD CONSTRAINT "exam_board_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each exam version's takers follow its best rows, whoever writes them (a deleted account's go by
-- cascade). Counted per statement, so a bulk insert adds each version's count once.
CREATE FUNCTION exam_count_best() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO exam_board (exam_id, exam_version, takers)
    SELECT exam_id, exam_version, count(*) FROM added GROUP BY exam_id, exam_version
    ON CONFLICT (exam_id, exam_version) DO UPDATE SET takers = exam_board.takers + excluded.takers;
  ELSE
    UPDATE exam_board SET takers = takers - gone.n
    FROM (SELECT exam_id, exam_version, count(*) AS n FROM removed GROUP BY exam_id, exam_version) AS gone
    WHERE exam_board.exam_id = gone.exam_id AND exam_board.exam_version = gone.exam_version;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER exam_best_added AFTER INSERT ON exam_best REFERENCING NEW TABLE AS added
FOR EACH STATEMENT EXECUTE FUNCTION exam_count_best();--> statement-breakpoint
CREATE TRIGGER exam_best_removed AFTER DELETE ON exam_best REFERENCING OLD TABLE AS removed
FOR EACH STATEMENT EXECUTE FUNCTION exam_count_best();--> statement-breakpoint
INSERT INTO exam_board (exam_id, exam_version, takers)
SELECT exam_id, exam_version, count(*) FROM exam_best GROUP BY exam_id, exam_version;
