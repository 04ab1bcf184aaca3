/** The architecture checks of the whole build (ArchUnit over every module's classes, and the module poms). */
@NullMarked
package io.abk.billing.systemtests.architecture;

import org.jspecify.annotations.NullMarked;
