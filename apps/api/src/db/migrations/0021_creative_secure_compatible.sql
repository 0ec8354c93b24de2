ALTER TABLE "creatives" ADD COLUMN "secure_compatible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Tags saved before the flag: the same rule as insecureResourcesOf (packages/core), in SQL.
UPDATE "creatives" SET "secure_compatible" = false WHERE "html_tag" ~* '(\m(src|srcset|data|poster|background)\s*=\s*["'']?\s*http://|url\(\s*["'']?\s*http://|@import\s+["'']\s*http://|<link\M[^>]*\mhref\s*=\s*["'']?\s*http://|<(MediaFile|VASTAdTagURI|StaticResource|IFrameResource)\M[^>]*>\s*(<!\[CDATA\[)?\s*http://)';
