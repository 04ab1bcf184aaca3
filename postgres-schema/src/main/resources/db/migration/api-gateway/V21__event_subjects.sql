-- The event log's filter by subject (GET /v1/events?subjectId=...): the ids of the objects in an event's data (its
-- subscription, invoice, payment and the payment's link), so the events of one object are found without reading
-- the mode's whole log. The expression is the one EventRepository.SUBJECTS queries with (@> ARRAY[id]); ids are
-- unique across merchants and modes, which the query's own scope then checks.
CREATE INDEX events_by_subject ON events USING gin ((array_remove(ARRAY[
    payload -> 'data' -> 'subscription' ->> 'id',
    payload -> 'data' -> 'invoice' ->> 'id',
    payload -> 'data' -> 'payment' ->> 'id',
    payload -> 'data' -> 'payment' ->> 'paymentLinkId'], NULL)));
