/**
 * What happens to a record chain-indexer cannot handle. It has no dead-letter topic of its own (the catalog's
 * {@code billing.streams-dlt} belongs to billing-streams): such a record is logged at ERROR with where it came
 * from and skipped, its offset committed. A failing stream thread is streams-kit's concern (it shuts the app down
 * so health reports it).
 */
@NullMarked
package io.abk.billing.chain.errors;

import org.jspecify.annotations.NullMarked;
