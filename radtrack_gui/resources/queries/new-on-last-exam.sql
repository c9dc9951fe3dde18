-- Chains first seen (present) on the patient's last dated exam, in patients with more
-- than one dated exam: what is new on the latest study.
WITH r AS (
    SELECT patient, id, TRY_CAST(date AS TIMESTAMP) AS ts, exam, modality
    FROM reports WHERE date_known
),
last AS (
    SELECT patient, max(ts) AS ts, count(*) AS exams FROM r GROUP BY patient
),
m AS (
    SELECT m.patient, m.chain, m.assertion, r.ts
    FROM mentions m JOIN r ON r.patient = m.patient AND r.id = m.report
),
firsts AS (
    SELECT patient, chain, min(ts) AS first_at,
           bool_or(assertion = 'present') AS present
    FROM m GROUP BY patient, chain
)
SELECT c.patient, c.id AS chain, c.type, c.label, l.ts AS exam_date,
       (SELECT string_agg(DISTINCT r.exam, '; ') FROM r
        WHERE r.patient = c.patient AND r.ts = l.ts) AS exam
FROM firsts f
JOIN last l ON l.patient = f.patient
JOIN chains c ON c.patient = f.patient AND c.id = f.chain
WHERE l.exams > 1 AND f.first_at = l.ts AND f.present
ORDER BY c.patient, c.type, c.label
