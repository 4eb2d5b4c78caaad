-- Reference data every Inkwell needs, demo or not. Admins manage the list afterwards.
INSERT INTO "subject" ("slug", "name", "kind") VALUES
  ('mathematics', 'Mathematics', 'academic'),
  ('physics', 'Physics', 'academic'),
  ('chemistry', 'Chemistry', 'academic'),
  ('biology', 'Biology', 'academic'),
  ('english', 'English', 'academic'),
  ('literature', 'Literature', 'academic'),
  ('history', 'History', 'academic'),
  ('geography', 'Geography', 'academic'),
  ('economics', 'Economics', 'academic'),
  ('computer-science', 'Computer Science', 'academic'),
  ('fiction', 'Fiction', 'general'),
  ('true-stories', 'True Stories', 'general'),
  ('general', 'General', 'general')
ON CONFLICT ("slug") DO NOTHING;
