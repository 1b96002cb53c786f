/**
 * Injection throttle API: a throttle gates newly injected packets at their source router on their first hop. Providers: none (throttle-none), spth (throttle-spth).
 */
@Export
@Version("1.1.0")
package org.fabrica.throttle;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
