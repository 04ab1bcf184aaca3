/** SHA-256 for the services' hashes (stored API keys, request fingerprints, content hashes of served scripts). */
@NullMarked
package io.abk.billing.opskit.digest;

import org.jspecify.annotations.NullMarked;
