-- Patients in whom a FINDING was seen, then resolved (or reported absent), then seen again.
-- param: finding str
-- FINDING matches the mention's concept or text (case-insensitive, substring), across
-- chains: a recurrence the linker put in a new chain counts too.
WITH m AS (
    SELECT m.patient, m.chain, m.assertion, m.change, TRY_CAST(r.date AS TIMESTAMP) AS ts
    FROM mentions m JOIN reports r ON r.patient = m.patient AND r.id = m.report
    WHERE m.type = 'finding' AND r.date_known
      AND (m.concept ILIKE '%' || $finding || '%' OR m.text ILIKE '%' || $finding || '%')
),
seen AS (
    SELECT patient, min(ts) AS first_seen FROM m
    WHERE assertion = 'present' AND change IS DISTINCT FROM 'resolved' GROUP BY patient
),
gone AS (
    SELECT s.patient, s.first_seen, min(m.ts) AS resolved_on
    FROM seen s JOIN m USING (patient)
    WHERE m.ts > s.first_seen AND (m.assertion = 'absent' OR m.change = 'resolved')
    GROUP BY s.patient, s.first_seen
),
back AS (
    SELECT g.patient, g.first_seen, g.resolved_on, min(m.ts) AS recurred_on
    FROM gone g JOIN m USING (patient)
    WHERE m.ts > g.resolved_on AND m.assertion = 'present'
      AND m.change IS DISTINCT FROM 'resolved'
    GROUP BY g.patient, g.first_seen, g.resolved_on
)
SELECT b.patient, b.first_seen, b.resolved_on, b.recurred_on,
       (SELECT string_agg(DISTINCT m.chain, ' ') FROM m WHERE m.patient = b.patient) AS chains
FROM back b
ORDER BY b.patient
