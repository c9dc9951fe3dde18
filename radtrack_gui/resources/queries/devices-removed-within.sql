-- Device chains removed within DAYS days of being first seen present.
-- param: days float
-- A removal is a mention of the chain, after it was first seen, that says it was removed
-- (change removed or withdrawn) or that it is no longer there (assertion absent).
WITH m AS (
    SELECT m.patient, m.chain, m.assertion, m.change, TRY_CAST(r.date AS TIMESTAMP) AS ts
    FROM mentions m JOIN reports r ON r.patient = m.patient AND r.id = m.report
    WHERE m.type = 'device' AND r.date_known
),
placed AS (
    SELECT patient, chain, min(ts) AS first_seen
    FROM m WHERE assertion = 'present' GROUP BY patient, chain
),
removed AS (
    SELECT p.patient, p.chain, p.first_seen, min(m.ts) AS removed_on
    FROM placed p JOIN m ON m.patient = p.patient AND m.chain = p.chain
    WHERE m.ts > p.first_seen
      AND (m.change IN ('removed', 'withdrawn') OR m.assertion = 'absent')
    GROUP BY p.patient, p.chain, p.first_seen
)
SELECT x.patient, x.chain, c.label, x.first_seen, x.removed_on,
       round(date_diff('minute', x.first_seen, x.removed_on) / 1440.0, 2) AS days
FROM removed x JOIN chains c ON c.patient = x.patient AND c.id = x.chain
WHERE date_diff('minute', x.first_seen, x.removed_on) <= $days * 1440
ORDER BY days, x.patient, x.chain
