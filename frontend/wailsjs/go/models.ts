export namespace app {
	
	export class GoldenStatusDTO {
	    path: string;
	    exists: boolean;
	
	    static createFrom(source: any = {}) {
	        return new GoldenStatusDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.exists = source["exists"];
	    }
	}
	export class KeyStatusDTO {
	    present: boolean;
	    source: string;
	    warning: string;
	
	    static createFrom(source: any = {}) {
	        return new KeyStatusDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.present = source["present"];
	        this.source = source["source"];
	        this.warning = source["warning"];
	    }
	}
	export class MetricThresholdDTO {
	    metric: string;
	    threshold: number;
	    meaning: string;
	
	    static createFrom(source: any = {}) {
	        return new MetricThresholdDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.metric = source["metric"];
	        this.threshold = source["threshold"];
	        this.meaning = source["meaning"];
	    }
	}
	export class ModelsDTO {
	    answer: string;
	    judge: string;
	    embedding: string;
	
	    static createFrom(source: any = {}) {
	        return new ModelsDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.answer = source["answer"];
	        this.judge = source["judge"];
	        this.embedding = source["embedding"];
	    }
	}
	export class SettingsDTO {
	    engine: string;
	    base_url: string;
	    models: ModelsDTO;
	    corpus_dir: string;
	    audit_log: boolean;
	    timeout_seconds: number;
	    max_concurrency: number;
	    max_retries: number;
	
	    static createFrom(source: any = {}) {
	        return new SettingsDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.engine = source["engine"];
	        this.base_url = source["base_url"];
	        this.models = this.convertValues(source["models"], ModelsDTO);
	        this.corpus_dir = source["corpus_dir"];
	        this.audit_log = source["audit_log"];
	        this.timeout_seconds = source["timeout_seconds"];
	        this.max_concurrency = source["max_concurrency"];
	        this.max_retries = source["max_retries"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class WorkspaceDTO {
	    root: string;
	    content_dir: string;
	    documents: number;
	    drafts: string[];
	    has_guidelines: boolean;
	    has_golden: boolean;
	
	    static createFrom(source: any = {}) {
	        return new WorkspaceDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.root = source["root"];
	        this.content_dir = source["content_dir"];
	        this.documents = source["documents"];
	        this.drafts = source["drafts"];
	        this.has_guidelines = source["has_guidelines"];
	        this.has_golden = source["has_golden"];
	    }
	}

}

